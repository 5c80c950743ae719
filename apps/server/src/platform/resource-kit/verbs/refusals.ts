import type { BulkFailure } from '@fieldwork/contract';
import type { ActionDeclaration, ActionRefusal, Row } from '../declaration';

/**
 * What an action run answers for the ids it could not act on: each failure with its reason, the
 * body field an invalid one is about, and which were forbidden (a one-record call's 403).
 */
export function actionFailures() {
  const failed: BulkFailure[] = [];
  const fields = new Map<string, string>();
  const forbidden = new Set<string>();
  /** Records a refusal from an action's validate or plan step. */
  const refuse = (id: string, why: ActionRefusal | string) => {
    if (typeof why === 'string') {
      failed.push({ id, reason: why, code: 'invalid' });
    } else if ('field' in why) {
      fields.set(id, why.field);
      failed.push({ id, reason: why.reason, code: 'invalid' });
    } else {
      if (why.forbidden) forbidden.add(id);
      failed.push({ id, reason: why.reason, code: why.code });
    }
  };
  /**
   * The run's answer: what changed and what failed in the order the caller gave the ids, each
   * named by its record's id (a keyed record's key, whatever id the path gave).
   */
  const outcome = (
    changed: Iterable<string>,
    { ids, keys }: { ids: readonly string[]; keys: readonly string[] },
  ): ActionOutcome => {
    const order = new Map(keys.map((id, index) => [id, index]));
    const position = (id: string) => order.get(id) ?? ids.indexOf(id);
    failed.sort((a, b) => position(a.id) - position(b.id));
    return {
      done: [...changed].sort((a, b) => position(a) - position(b)),
      failed,
      fields,
      forbidden,
    };
  };
  return { failed, fields, forbidden, refuse, outcome };
}

/** What an action run answers: the ids done, and the failures with their fields and 403s. */
export interface ActionOutcome {
  done: string[];
  failed: BulkFailure[];
  /** The body field a refusal names, by id (a one-record call's 422 names it). */
  fields: Map<string, string>;
  /** Ids refused with a 403. */
  forbidden: Set<string>;
}

/** Whether a row is in a status the action starts from; a row that is not is answered failed. */
export function startsFrom(action: ActionDeclaration, label: string, failed: BulkFailure[]) {
  const status = action.statusColumn ?? 'status';
  return (row: Row) => {
    if (!action.from || action.from.includes(String(row[status]))) return true;
    failed.push({
      id: String(row.id),
      reason: `A ${label} that is ${String(row[status])} cannot be ${action.past}.`,
      code: 'not_allowed_from_status',
    });
    return false;
  };
}
