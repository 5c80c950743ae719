import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { ErrorState, QueryErrorState } from '../../ui/feedback/ErrorState';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { JobSheetForm } from './JobSheetForm';
import { jobSheetPath } from './job-sheet-paths';
import { useJobSheet } from './job-sheets-api';

const EDITABLE = new Set(['IN_PROGRESS', 'REJECTED']);

/** /organisations/{slug}/job_sheets/{id}/fill: the operative's screen, on a phone first. */
export function JobSheetFillPage() {
  const { sheetId = '' } = useParams();
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  const sheet = useJobSheet(sheetId);

  if (sheet.isError) return <QueryErrorState title="Could not load the job sheet" query={sheet} />;
  if (!sheet.data) return <PageLoader />;
  const form = sheet.data.form;
  if (!form)
    return (
      <ErrorState
        title="Could not load the sheet's form"
        error={new Error('The job sheet came without its form.')}
        onRetry={() => void sheet.refetch()}
      />
    );

  const detail = jobSheetPath(organisation.slug, sheet.data.id);
  if (!EDITABLE.has(sheet.data.status) || sheet.data.permissions?.update === false)
    return (
      <Alert color="gray" title="This sheet cannot be changed">
        It is {sheet.data.status.toLowerCase().replace('_', ' ')}.{' '}
        <Anchor component={Link} to={detail}>
          See the sheet
        </Anchor>
      </Alert>
    );
  const rejection =
    sheet.data.status === 'REJECTED'
      ? sheet.data.approvals
          .filter((decision) => decision.decision === 'REJECTED' && !decision.undone_at)
          .at(-1)
      : undefined;
  return (
    <Stack gap="md" maw={760} mx="auto">
      {rejection && (
        <Alert color="orange" title={`Rejected by ${rejection.user_name}`} data-testid="rejection">
          {rejection.comments ?? 'No reason given.'} Fix the sheet and submit it again.
        </Alert>
      )}
      <JobSheetForm
        key={sheet.data.id}
        sheet={sheet.data}
        form={form}
        onSubmitted={() => void navigate(detail)}
      />
    </Stack>
  );
}
