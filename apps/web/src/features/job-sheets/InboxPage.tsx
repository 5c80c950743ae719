import type { Inbox, JobSheet } from '@fieldwork/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { SignedDocumentLine } from '../documents';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { formatDateTime } from '../../ui/format-time';
import { PageHeader } from '../../ui/PageHeader';
import { InboxApproveButton } from './InboxApproveButton';
import { StartJobSheetButton } from './StartJobSheetButton';
import { fillJobSheetPath, jobSheetPath } from './job-sheet-paths';
import { inboxTotal, useInbox } from './inbox-count';

/** /organisations/{slug}/inbox: sheets to approve, own sheets to fix, jobs due today. */
export function InboxPage() {
  const inbox = useInbox();
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title="Inbox" description="What is waiting for you." />
      {inbox.isError ? (
        <QueryErrorState title="Could not load your inbox" query={inbox} />
      ) : !inbox.data ? (
        <PageLoader />
      ) : (
        <InboxSections inbox={inbox.data} />
      )}
    </Stack>
  );
}

function InboxSections({ inbox }: { inbox: Inbox }) {
  const { slug } = useCurrentOrganisation();
  const total = inboxTotal(inbox);
  if (total === 0)
    return (
      <ListEmptyState
        icon={<IconInbox />}
        title="Nothing waiting"
        description="Sheets to approve, sheets to fix, today's jobs and documents to sign show here."
      />
    );
  return (
    <Stack gap="lg">
      <Section title="Documents to sign" count={inbox.outstanding_documents.count}>
        {inbox.outstanding_documents.data.map((document) => (
          <SignedDocumentLine key={document.id} document={document} />
        ))}
      </Section>
      <Section title="To approve" count={inbox.awaiting_approval.count}>
        {inbox.awaiting_approval.data.map((sheet) => (
          <SheetLine
            key={sheet.id}
            sheet={sheet}
            to={jobSheetPath(slug, sheet.id)}
            note={sheet.current_approval_stage?.name}
            action={<InboxApproveButton sheet={sheet} />}
          />
        ))}
      </Section>
      <Section title="Rejected: fix and resubmit" count={inbox.rejected.count}>
        {inbox.rejected.data.map((sheet) => (
          <SheetLine
            key={sheet.id}
            sheet={sheet}
            to={fillJobSheetPath(slug, sheet.id)}
            note="Rejected"
          />
        ))}
      </Section>
      <Section title="Jobs due today" count={inbox.jobs_due_today.count}>
        {inbox.jobs_due_today.data.map((job) => (
          <Paper key={job.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text fw={500}>
                  Job {job.number}
                  {job.reference ? ` · ${job.reference}` : ''}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {job.form_names.join(', ') || 'No forms'}
                </Text>
              </Stack>
              <StartJobSheetButton job={job} />
            </Group>
          </Paper>
        ))}
      </Section>
    </Stack>
  );
}

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light">{count}</Badge>
      </Group>
      {children}
    </Stack>
  );
}

function SheetLine({
  sheet,
  to,
  note,
  action,
}: {
  sheet: JobSheet;
  to: string;
  note?: string | undefined;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={to} fw={500}>
            Sheet {sheet.number} · {sheet.form_name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            Job {sheet.job_number}
            {sheet.operative_name ? ` · ${sheet.operative_name}` : ''}
            {sheet.submitted_at ? ` · ${formatDateTime(sheet.submitted_at)}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {note && (
            <Badge variant="outline" visibleFrom="xs">
              {note}
            </Badge>
          )}
          {action}
        </Group>
      </Group>
    </Paper>
  );
}
