import type { Expansion } from '../../platform/resource-kit';

const MEMBERS_SQL = `SELECT pm.project_id, pm.user_id, u.name, u.email, m.role, m.guest,
       pm.can_start_jobs, pm.can_edit, pm.created_at
  FROM project_members pm
  JOIN users u ON u.id = pm.user_id
  JOIN memberships m ON m.organisation_id = pm.organisation_id AND m.user_id = pm.user_id
   AND m.active AND m.deleted_at IS NULL
 WHERE pm.organisation_id = $1 AND pm.project_id = ANY($2::text[])
 ORDER BY lower(u.name), u.id`;

export interface ProjectMemberRow {
  project_id: string;
  user_id: string;
  name: string;
  email: string;
  role: string;
  guest: boolean;
  can_start_jobs: boolean;
  can_edit: boolean;
  created_at: Date;
}

/** The active members and guests of several projects, in one query. */
export async function loadProjectMembers(
  db: { query: <R>(text: string, values: unknown[]) => Promise<{ rows: R[] }> },
  organisationId: string,
  projectIds: string[],
) {
  const { rows } = await db.query<ProjectMemberRow>(MEMBERS_SQL, [organisationId, projectIds]);
  return rows.map(({ project_id, created_at, ...member }) => ({
    project_id,
    member: { ...member, created_at: new Date(created_at).toISOString() },
  }));
}

/** expand[]=members on projects. */
export const projectMembersExpansion: Expansion = {
  async load(ctx, rows) {
    const members = await loadProjectMembers(
      ctx.db,
      ctx.organisationId,
      rows.map((row) => row.id),
    );
    const byProject = new Map<string, unknown[]>();
    for (const { project_id, member } of members) {
      byProject.set(project_id, [...(byProject.get(project_id) ?? []), member]);
    }
    return (row) => byProject.get(row.id) ?? [];
  },
};
