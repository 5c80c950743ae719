import type { SheetTrailEvent } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse } from '../../test/fetch-stub';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { render, textOf, waitFor } from '../../test/render';
import { signedIn } from '../../test/render-app';
import { session } from '../../session/session-state';
import { DecisionTrail, trailMeta, trailTitle } from './DecisionTrail';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 4, 9, minute)).toISOString();
const base = { stage_name: null, round: null, comments: null, declaration_accepted: false };
const trail: SheetTrailEvent[] = [
  { ...base, id: 'a', kind: 'STARTED', at: at(0), by_name: 'Olu Operative' },
  {
    ...base,
    id: 'b:declaration',
    kind: 'DECLARATION_ACCEPTED',
    at: at(5),
    by_name: 'Olu Operative',
    round: 1,
  },
  { ...base, id: 'b', kind: 'SUBMITTED', at: at(5), by_name: 'Olu Operative', round: 1 },
  {
    ...base,
    id: 'c',
    kind: 'APPROVED',
    at: at(10),
    by_name: 'Sam Supervisor',
    stage_name: 'Supervisor',
    round: 1,
    comments: 'Checked on site',
    declaration_accepted: true,
  },
  {
    ...base,
    id: 'c:undone',
    kind: 'DECISION_UNDONE',
    at: at(12),
    by_name: 'Mona Manager',
    stage_name: 'Supervisor',
    round: 1,
  },
  {
    ...base,
    id: 'd',
    kind: 'REJECTED',
    at: at(15),
    by_name: 'Mona Manager',
    stage_name: 'Supervisor',
    round: 1,
    comments: 'Photo is blurred',
  },
  { ...base, id: 'e', kind: 'RESUBMITTED', at: at(20), by_name: 'Olu Operative', round: 2 },
];

describe('the sheet’s trail', () => {
  it('says each moment in words, with who, the stage, the round and when', () => {
    expect(trailTitle(trail[4]!)).toBe('Approval undone by Mona Manager');
    expect(trailTitle({ ...trail[0]!, by_name: null })).toBe('Started');
    expect(trailMeta(trail[3]!)).toMatch(/^Supervisor · round 1 · .*2026/);
  });

  it('tells the whole story from GET /job_sheets/{id}/trail, the undone decision greyed as undone', async () => {
    const organisation = makeOrganisation();
    const calls = signedIn(makeContext([organisation]), (call) =>
      call.url.endsWith('/job_sheets/s1/trail')
        ? jsonResponse({ data: trail, rules: { same_approver_allowed: false } })
        : jsonResponse({}, 404),
    );
    session.update({ organisationId: organisation.id });
    await render(
      <AppProviders queryClient={createQueryClient()}>
        <DecisionTrail sheetId="s1" />
      </AppProviders>,
    );
    await waitFor(() => expect(textOf()).toContain('Resubmitted by Olu Operative'));
    const text = textOf();
    for (const line of [
      'Started by Olu Operative',
      'Declaration accepted by Olu Operative',
      'Submitted by Olu Operative',
      'Approved by Sam Supervisor (undone)',
      'The stage’s declaration accepted',
      'Checked on site',
      'Approval undone by Mona Manager',
      'Rejected by Mona Manager',
      'Photo is blurred',
      'round 2',
      'On this project each stage of a sheet is decided by a different person.',
    ])
      expect(text).toContain(line);
    expect(text).not.toMatch(/RESUBMITTED|DECISION_UNDONE|2026-03-04/);
    expect(calls.some((call) => call.url.endsWith('/job_sheets/s1/trail'))).toBe(true);
  });
});
