import type { MemberRole, PreboardingInviteBody } from '@fieldwork/contract';

export interface InviteRow {
  key: number;
  email: string;
  role: MemberRole;
}

let nextKey = 0;
export const newInviteRow = (email = '', role: MemberRole = 'OPERATIVE'): InviteRow => ({
  key: ++nextKey,
  email,
  role,
});

/**
 * The body of POST /preboarding/invite from the filled-in rows (blank ones are left out), and the
 * row each sent invite came from, so the server's `invites.N.email` errors find their row.
 */
export function inviteBody(rows: readonly InviteRow[]): {
  body: PreboardingInviteBody;
  sentRows: InviteRow[];
} {
  const sentRows = rows.filter((row) => row.email.trim() !== '');
  return {
    body: { invites: sentRows.map((row) => ({ email: row.email.trim(), role: row.role })) },
    sentRows,
  };
}

/** The rows left after an answer: those whose address failed, each with the reason. */
export function rowsAfterInvite(
  sentRows: readonly InviteRow[],
  failed: ReadonlyArray<{ email: string; reason: string }>,
): { rows: InviteRow[]; reasons: Map<number, string> } {
  const reasons = new Map<number, string>();
  const rows = sentRows.filter((row) => {
    const failure = failed.find((item) => item.email === row.email.trim().toLowerCase());
    if (failure) reasons.set(row.key, failure.reason);
    return failure !== undefined;
  });
  return { rows, reasons };
}
