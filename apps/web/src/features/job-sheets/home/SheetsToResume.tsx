import type { JobSheet } from '@fieldwork/contract';
import { Paper, Stack, Text } from '@mantine/core';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { useSession } from '../../../session/use-session';
import { currentMembership } from '../../../session/session-helpers';
import { formatRelative } from '../../../ui/format-time';
import { QuerySection } from '../../../ui/QuerySection';
import { RecordRow } from '../../../ui/RecordRow';
import { fillJobSheetPath } from '../job-sheet-paths';
import { useJobSheetList } from '../job-sheets-api';
import { SheetStatusBadge } from '../SheetStatusBadge';

/** The signed-in member's own sheets still open: being filled in, or sent back to fix. */
export const sheetsToResumeQuery = (userId: string) => ({
  filter: { operative_id: userId, status: ['IN_PROGRESS', 'REJECTED'] },
  sort: '-updated_at',
  page: { number: 1, size: 10 },
});

/** "Sheets to resume": each opens the fill screen where the operative left it. */
export function SheetsToResume() {
  const { slug } = useCurrentOrganisation();
  const userId = currentMembership(useSession()).user_id;
  const sheets = useJobSheetList(sheetsToResumeQuery(userId));
  return (
    <QuerySection
      id="home-sheets"
      title="Sheets to resume"
      query={sheets}
      items={sheets.data?.data}
      errorTitle="Could not load your job sheets"
      empty="No sheet is waiting for you to finish."
    >
      {(items) => (
        <Stack gap="xs">
          {items.map((sheet) => (
            <SheetToResume key={sheet.id} sheet={sheet} to={fillJobSheetPath(slug, sheet.id)} />
          ))}
          {(sheets.data?.meta.total ?? 0) > items.length && (
            <Text size="sm" c="dimmed">
              and {(sheets.data?.meta.total ?? 0) - items.length} more
            </Text>
          )}
        </Stack>
      )}
    </QuerySection>
  );
}

function SheetToResume({ sheet, to }: { sheet: JobSheet; to: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <RecordRow
        to={to}
        title={`${sheet.status === 'REJECTED' ? 'Fix' : 'Resume'} ${sheet.form_name}`}
        details={`Sheet ${sheet.number} · Job ${sheet.job_number} · changed ${formatRelative(sheet.updated_at)}`}
        badge={<SheetStatusBadge status={sheet.status} />}
      />
    </Paper>
  );
}
