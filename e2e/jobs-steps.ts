import { newAccount } from './accounts';
import { registerAdmin } from './identity';
import { addMember } from './settings-steps';

/**
 * The scene of the jobs journeys, set up through the API: an organisation whose admin is Ada
 * Admin, an operative Wes Worker, and a project "Harbour Flats" to put jobs on.
 */
export async function jobsScene(apiUrl: string, organisationName: string) {
  const adminAccount = newAccount('Ada Admin');
  const admin = await registerAdmin(apiUrl, adminAccount, organisationName);
  const worker = await addMember(apiUrl, admin, 'Wes Worker', 'OPERATIVE');
  const { data: project } = await admin.organisationCall<{ data: { id: string } }>(
    'POST',
    '/projects',
    { name: 'Harbour Flats' },
  );
  /** A job on the project, through POST /jobs. */
  const createJob = async (job: Record<string, unknown>) =>
    (
      await admin.organisationCall<{ data: { id: string; number: number } }>('POST', '/jobs', {
        project_id: project.id,
        ...job,
      })
    ).data;
  return { adminAccount, admin, slug: admin.organisation.slug, worker, project, createJob };
}
