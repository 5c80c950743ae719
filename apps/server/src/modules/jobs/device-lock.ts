import { ROLE_RANK } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import type { ActionDeclaration, ActionRefusal, Row } from '../../platform/resource-kit';

/**
 * The device lock (field-work §6): an operative's device takes a job (POST /jobs/{id}/lock with
 * its X-Device-Id header); until it is released (unlock, by that device or a manager, or by
 * complete, cancel, recall or reassign) no other device or user may change the job.
 */
const lockedElsewhere = (ctx: OrganisationContext, row: Row) =>
  row.locked_by_device_id != null && row.locked_by_device_id !== (ctx.deviceId ?? null);

const lockReason = (row: Row) =>
  `The job is locked by ${(row.locked_by_user_name as string | null) ?? 'another user'}'s device; it must be released first.`;

/** id → why not, for rows locked by another device. */
export function lockBlockers(ctx: OrganisationContext, rows: Row[]): Map<string, string> {
  return new Map(
    rows.filter((row) => lockedElsewhere(ctx, row)).map((row) => [row.id, lockReason(row)]),
  );
}

/** For update: a job locked by another device refuses changes with a 422 naming locked_by_device_id. */
export function assertNotLockedElsewhere(ctx: OrganisationContext, existing: Row) {
  if (lockedElsewhere(ctx, existing))
    throw validationFailure([
      { field: 'locked_by_device_id', message: lockReason(existing), code: 'locked' },
    ]);
}

/** An action's validate that first refuses jobs locked by another device. */
export const guarded =
  (validate?: ActionDeclaration['validate']): ActionDeclaration['validate'] =>
  async (ctx, rows, body) => {
    const blocked = lockBlockers(ctx, rows);
    const rest = rows.filter((row) => !blocked.has(row.id));
    const invalid = validate
      ? await validate(ctx, rest, body)
      : new Map<string, string | ActionRefusal>();
    return new Map([...blocked, ...invalid]);
  };

const RELEASE = {
  locked_by_device_id: 'NULL',
  locked_by_user_id: 'NULL',
  locked_by_user_name: 'NULL',
  locked_at: 'NULL',
};
export const RELEASE_LOCK_SQL: Record<string, string> = RELEASE;

export const lockActions: ActionDeclaration[] = [
  {
    name: 'lock',
    past: 'locked',
    audit: 'LOCK',
    summary: "Lock a job to the caller's device (header X-Device-Id)",
    from: ['AWAITING', 'IN_PROGRESS'],
    setsFrom: (ctx) => ({
      locked_by_device_id: ctx.deviceId ?? null,
      locked_by_user_id: ctx.user.id,
      locked_by_user_name: ctx.user.name,
    }),
    setsSql: { locked_at: 'now()' },
    wrongStatus: 422,
    validate: async (ctx, rows) => {
      if (!ctx.deviceId)
        return new Map(
          rows.map((row) => [row.id, 'Send the device’s X-Device-Id header to lock a job.']),
        );
      return lockBlockers(ctx, rows);
    },
  },
  {
    name: 'unlock',
    past: 'unlocked',
    audit: 'UNLOCK',
    summary: 'Release a job’s device lock (the locking device, or a manager overriding it)',
    setsSql: RELEASE,
    validate: async (ctx, rows) =>
      ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER ? new Map() : lockBlockers(ctx, rows),
  },
];
