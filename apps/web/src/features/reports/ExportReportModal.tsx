import {
  REPORT_PHOTO_SIZES,
  REPORT_PHOTO_SIZE_LABELS,
  type ReportContent,
} from '@fieldwork/contract';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { BuildProgress } from '../../ui/builds/BuildProgress';
import { useBuild } from '../../ui/builds/use-build';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { DateRangeInputs } from '../../ui/inputs/DateRangeInputs';
import {
  DEFAULT_CONTENT,
  FORMAT_LABELS,
  formatsOf,
  startReport,
  type ReportFormat,
  type ReportSelection,
} from './reports-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reports made of job sheets: their PDF offers photos, approvals and page breaks. */
const SHEET_REPORTS = new Set<ReportSelection['kind']>(['job', 'sheets', 'project']);

/** What a build's progress counts, per kind of report. */
const UNITS: Record<ReportSelection['kind'], string> = {
  job: 'job sheets',
  sheets: 'job sheets',
  project: 'job sheets',
  timesheets: 'entries',
  productivity: 'rows',
  locations: 'locations',
  specifications: 'specifications',
};

/**
 * Asks for a report of `selection`: PDF or Excel, what it shows, whom to e-mail; then follows
 * its build (progress, download, copy link). Closing it leaves the build running: a notification
 * offers the file when it is ready.
 */
export function ExportReportModal({
  opened,
  onClose,
  selection,
  what,
}: {
  opened: boolean;
  onClose: () => void;
  selection: ReportSelection;
  /** What the report is of, for the title ("job 12", "the listed job sheets"). */
  what: string;
}) {
  const formats = formatsOf(selection);
  const [format, setFormat] = useState<ReportFormat>(formats[0]!);
  const [content, setContent] = useState<ReportContent>(DEFAULT_CONTENT);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [notify, setNotify] = useState(false);
  const [emails, setEmails] = useState<string[]>([]);
  const [emailError, setEmailError] = useState<string | null>(null);
  const watched = useRef(opened);
  watched.current = opened;
  const report = useBuild(
    () => startReport(selection, { format, content, from, to, notify, emails }),
    { isWatched: () => watched.current },
  );
  const set = <K extends keyof ReportContent>(key: K, value: ReportContent[K]) =>
    setContent((current) => ({ ...current, [key]: value }));
  const build = () => {
    const wrong = emails.find((email) => !EMAIL.test(email));
    if (wrong) return setEmailError(`“${wrong}” is not an e-mail address.`);
    setEmailError(null);
    report.start();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Report of ${what}`} size="lg">
      <Stack gap="md">
        {formats.length > 1 ? (
          <SegmentedControl
            aria-label="File type"
            value={format}
            onChange={(value) => setFormat(value)}
            data={formats.map((value) => ({
              value,
              label:
                value === 'pdf'
                  ? selection.kind === 'timesheets'
                    ? 'PDF for payroll'
                    : 'PDF document'
                  : 'Excel workbook',
            }))}
          />
        ) : (
          <Text size="sm">
            {selection.kind === 'productivity'
              ? `An ${FORMAT_LABELS[format]} workbook: a sheet per period, member and project, and the detail.`
              : `An ${FORMAT_LABELS[format]} workbook, one row per job sheet.`}
          </Text>
        )}
        {selection.kind === 'project' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateRangeInputs
              labels={{ from: 'Submitted from', to: 'Submitted until' }}
              from={from}
              to={to}
              onFromChange={setFrom}
              onToChange={setTo}
            />
          </SimpleGrid>
        )}
        {(selection.kind === 'locations' || selection.kind === 'specifications') && (
          <Text size="sm" c="dimmed">
            {selection.kind === 'locations'
              ? 'One row per location: number, reference, status, where it is, zone, specification, job sheets and attribute values.'
              : 'Each specification with its price, materials, attribute values and price items.'}
          </Text>
        )}
        {selection.kind === 'timesheets' && (
          <Text size="sm" c="dimmed">
            {format === 'pdf'
              ? 'A page per member: their entries, daily totals and lines to sign.'
              : 'A worksheet per week, one row per time entry, and each member’s totals.'}
          </Text>
        )}
        {format === 'pdf' && SHEET_REPORTS.has(selection.kind) && (
          <Stack gap="xs">
            <Checkbox
              label="Include photos"
              checked={content.include_photos}
              onChange={(event) => set('include_photos', event.currentTarget.checked)}
            />
            {content.include_photos && (
              <Select
                label="Photo size"
                allowDeselect={false}
                value={content.photo_size}
                onChange={(value) => value && set('photo_size', value)}
                data={REPORT_PHOTO_SIZES.map((size) => ({
                  value: size,
                  label: REPORT_PHOTO_SIZE_LABELS[size],
                }))}
                maw={260}
              />
            )}
            <Checkbox
              label="Include approvals (when the project shows them on reports)"
              checked={content.include_approvals}
              onChange={(event) => set('include_approvals', event.currentTarget.checked)}
            />
            <Checkbox
              label="Start each job sheet on a new page"
              checked={content.one_sheet_per_page}
              onChange={(event) => set('one_sheet_per_page', event.currentTarget.checked)}
            />
          </Stack>
        )}
        <Checkbox
          label="E-mail me the link when it is ready"
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
        <TagsInput
          label="Also e-mail the link to"
          placeholder="name@example.com, then Enter"
          value={emails}
          onChange={setEmails}
          error={emailError}
          maxTags={20}
          splitChars={[',', ' ', ';']}
        />
        <FormErrorAlert
          message={
            report.startError
              ? `Could not start the report: ${errorMessage(report.startError)}`
              : null
          }
        />
        {report.build && (
          <BuildProgress
            build={report.build}
            url={report.url}
            unit={UNITS[selection.kind]}
            onRetry={build}
            retrying={report.starting}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button
            leftSection={<IconFileAnalytics size={16} />}
            loading={report.starting}
            onClick={build}
          >
            {report.build ? 'Build again' : `Build ${FORMAT_LABELS[format]}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
