import { Group, Paper, Select, Skeleton, Stack, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState, NoMatchesState } from '../../ui/feedback/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { TablePager } from '../../ui/data-table/TablePager';
import { pageOf, useUrlState } from '../../ui/data-table/use-url-state';
import { useAuditLog } from './audit-api';
import { AuditEntryItem } from './AuditEntryItem';

/** The kinds of record people look for most, as the audit trail names them. */
const KINDS = [
  ['clients', 'Clients'],
  ['contacts', 'Contacts'],
  ['projects', 'Projects'],
  ['sites', 'Sites'],
  ['jobs', 'Jobs'],
  ['job_sheets', 'Job sheets'],
  ['forms', 'Forms'],
  ['materials', 'Materials'],
  ['memberships', 'Members'],
  ['teams', 'Teams'],
  ['qualifications', 'Qualifications'],
  ['drawings', 'Drawings'],
  ['locations', 'Locations'],
  ['documents', 'Documents'],
  ['signed_documents', 'Signed documents'],
  ['time_entries', 'Time entries'],
].map(([value, label]) => ({ value: value!, label: label! }));

const ACTIONS = [
  ['CREATE', 'Created'],
  ['UPDATE', 'Changed'],
  ['ARCHIVE', 'Archived'],
  ['UNARCHIVE', 'Unarchived'],
  ['DELETE', 'Deleted'],
  ['RESTORE', 'Restored'],
].map(([value, label]) => ({ value: value!, label: label! }));

const PAGE_SIZE = 25;

/** /settings/audit-log: every change in the organisation, newest first, with undo (admins). */
export function AuditLogPage() {
  const [url, update] = useUrlState({ kind: '', action: '', page: '1' });
  const log = useAuditLog({
    filter: { collection_name: url.kind, action: url.action },
    page: { number: pageOf(url.page), size: PAGE_SIZE },
  });
  const filtered = Boolean(url.kind || url.action);
  const entries = log.data?.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit log"
        description="Every change made in the organisation, by whom and when. Undo a change that nothing has changed since."
      />
      <Group gap="sm" align="flex-end">
        <Select
          label="Record"
          placeholder="All records"
          data={KINDS}
          value={url.kind || null}
          onChange={(kind) => update({ kind: kind ?? '', page: '1' })}
          clearable
          w={200}
        />
        <Select
          label="Change"
          placeholder="All changes"
          data={ACTIONS}
          value={url.action || null}
          onChange={(action) => update({ action: action ?? '', page: '1' })}
          clearable
          w={180}
        />
      </Group>
      {log.isError ? (
        <QueryErrorState title="Could not load the audit log" query={log} />
      ) : entries === undefined ? (
        <Skeleton h={240} radius="md" />
      ) : entries.length === 0 ? (
        filtered ? (
          <NoMatchesState
            what="changes"
            onClearFilters={() => update({ kind: '', action: '', page: '1' })}
          />
        ) : (
          <ListEmptyState
            icon={<IconHistory size={32} />}
            title="No changes yet"
            description="Changes to clients, projects, jobs and every other record are listed here."
          />
        )
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Timeline bulletSize={10} lineWidth={2} aria-label="Changes">
              {entries.map((entry) => (
                <Timeline.Item key={entry.id}>
                  <AuditEntryItem entry={entry} withRecord canUndo />
                </Timeline.Item>
              ))}
            </Timeline>
            {log.data && (
              <TablePager meta={log.data.meta} onPage={(page) => update({ page: String(page) })} />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
