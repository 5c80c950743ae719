import { withNotificationDefaults, type Membership } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { present } from '../../platform/resource-kit';
import { memberDocumentMetrics } from './metrics';

/**
 * The user's live memberships (of one organisation when given), with their team ids and project
 * permissions: three queries however many memberships there are.
 */
export async function loadMemberships(
  db: Queryable,
  userId: string,
  organisationId?: string,
): Promise<Membership[]> {
  const { rows } = await db.query(
    `SELECT m.id, m.organisation_id, o.name AS organisation_name, m.user_id, u.name AS user_name,
            u.email AS user_email, m.role, m.guest, m.owner, m.active, m.preferences, m.deleted_at,
            m.created_at, m.updated_at
       FROM memberships m
       JOIN organisations o ON o.id = m.organisation_id
       JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.deleted_at IS NULL AND ($2::text IS NULL OR m.organisation_id = $2)
      ORDER BY o.name`,
    [userId, organisationId ?? null],
  );
  const organisationIds = rows.map((row) => row.organisation_id as string);
  const { rows: teams } = await db.query<{ organisation_id: string; team_id: string }>(
    `SELECT organisation_id, team_id FROM team_members
      WHERE user_id = $1 AND organisation_id = ANY($2::text[]) ORDER BY created_at, team_id`,
    [userId, organisationIds],
  );
  const { rows: projects } = await db.query<{
    organisation_id: string;
    project_id: string;
    can_start_jobs: boolean;
    can_edit: boolean;
  }>(
    // projects themselves are out of reach here (no organisation in scope): the rows suffice
    `SELECT organisation_id, project_id, can_start_jobs, can_edit FROM project_members
      WHERE user_id = $1 AND organisation_id = ANY($2::text[]) ORDER BY created_at, project_id`,
    [userId, organisationIds],
  );
  const metricsOf = new Map(
    await Promise.all(
      organisationIds.map(
        async (organisation) =>
          [
            organisation,
            (await memberDocumentMetrics.get()(db, organisation, [userId])).get(userId)!,
          ] as const,
      ),
    ),
  );
  return rows.map((row) => {
    const organisation = row.organisation_id as string;
    return presentMembership(present(row), {
      metrics: metricsOf.get(organisation)!,
      team_ids: teams.filter((t) => t.organisation_id === organisation).map((t) => t.team_id),
      projects: projects
        .filter((p) => p.organisation_id === organisation)
        .map(({ project_id, can_start_jobs, can_edit }) => ({
          project_id,
          member_permissions: { can_start_jobs, can_edit },
        })),
    });
  });
}

function presentMembership(
  row: Record<string, unknown>,
  belongs: Pick<Membership, 'team_ids' | 'projects' | 'metrics'>,
): Membership {
  const preferences = (row.preferences ?? {}) as Partial<Membership['preferences']>;
  return {
    ...(row as unknown as Membership),
    ...belongs,
    preferences: {
      new_jobs_experience_enabled: preferences.new_jobs_experience_enabled ?? false,
      auto_proceed_on_approval: preferences.auto_proceed_on_approval ?? false,
      notifications: withNotificationDefaults(preferences.notifications),
      daily_digest: preferences.daily_digest === true,
    },
  };
}
