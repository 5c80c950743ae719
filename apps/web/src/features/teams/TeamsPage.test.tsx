import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { firstThen, refusal } from '../../test/answers';
import { textOf } from '../../test/render';
import {
  callsTo,
  choose,
  click,
  dialog,
  fill,
  listOf,
  makeMember,
  makeTeam,
  openSettings,
  pathOf,
  queryButton,
  submit,
  toggle,
  waitFor,
} from '../settings/test/settings-kit';

const olu = makeMember({ name: 'Olu Operative' });
const mia = makeMember({ name: 'Mia Manager', role: 'MANAGER' });
const north = makeTeam({
  name: 'North crew',
  shortname: 'NTH',
  user_ids: [olu.id],
  team_lead_id: olu.id,
  team_lead_name: 'Olu Operative',
  member_count: 1,
});

function teamsAnswer(extra?: (call: RecordedCall) => Response | undefined) {
  return (call: RecordedCall) => {
    const answered = extra?.(call);
    if (answered) return answered;
    const path = pathOf(call);
    if (path === '/members') return jsonResponse({ active: [olu, mia], inactive: [], invited: [] });
    if (path.startsWith('/teams?')) return listOf([north]);
    return errorResponse(404, 'Not Found');
  };
}

describe('TeamsPage', () => {
  it('lists teams with the default filter, sort and page size', async () => {
    const { calls } = await openSettings('teams', teamsAnswer());
    await waitFor(() => expect(textOf()).toContain('North crew'));
    expect(textOf()).toContain('NTH');
    expect(textOf()).toContain('Olu Operative');
    expect(calls.map(pathOf)).toContain(
      '/teams?filter[archived]=false&sort=name&page[number]=1&page[size]=25',
    );
  });

  it('invites the first team when there are none', async () => {
    await openSettings(
      'teams',
      teamsAnswer((call) => (pathOf(call).startsWith('/teams?') ? listOf([]) : undefined)),
    );
    await waitFor(() => expect(textOf()).toContain('No teams yet'));
  });

  it("creates a team with a lead and members, showing the schema's and the server's refusal on the name first", async () => {
    const post = firstThen(
      () => refusal('name', 'Name already in use'),
      () => jsonResponse({ data: makeTeam({ name: 'South crew' }) }, 201),
    );
    const { calls } = await openSettings(
      'teams',
      teamsAnswer((call) => (call.method === 'POST' ? post() : undefined)),
    );
    await click('New team');
    await submit('Create team');
    await waitFor(() => expect(textOf(dialog())).toContain('Required'));
    expect(callsTo(calls, 'POST', '/teams')).toHaveLength(0);
    await fill('Name', 'South crew', dialog);
    await fill('Short name', 'STH', dialog);
    await choose('Team lead', 'Mia Manager');
    await choose('Members', 'Olu Operative');
    await submit('Create team');
    await waitFor(() => expect(textOf(dialog())).toContain('Name already in use'));
    await submit('Create team');
    await waitFor(() => expect(textOf()).toContain('South crew created'));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/teams').at(-1))).toEqual({
      name: 'South crew',
      shortname: 'STH',
      team_lead_id: mia.id,
      user_ids: [olu.id],
    });
  });

  it('adds and removes members', async () => {
    const { calls } = await openSettings(
      'teams',
      teamsAnswer((call) => {
        const path = pathOf(call);
        if (path.endsWith('/add_member'))
          return jsonResponse({ data: { ...north, user_ids: [olu.id, mia.id] } });
        if (path.endsWith('/remove_member'))
          return jsonResponse({ data: { ...north, user_ids: [mia.id] } });
        return undefined;
      }),
    );
    await click('Actions for North crew');
    await click('Manage members');
    await waitFor(() => expect(textOf(dialog())).toContain('Team lead'));
    await choose('Add members', 'Mia Manager');
    await click('Add', dialog);
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/teams/${north.id}/add_member`)).toHaveLength(1),
    );
    expect(jsonBodyOf(callsTo(calls, 'POST', `/teams/${north.id}/add_member`)[0])).toEqual({
      user_id: mia.id,
    });
    await click('Remove Olu Operative from the team', dialog);
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/teams/${north.id}/remove_member`)).toHaveLength(1),
    );
    await waitFor(() => expect(textOf(dialog())).not.toContain('Olu Operative'));
  });

  it('archives a team and finds it among the archived', async () => {
    const { calls } = await openSettings(
      'teams',
      teamsAnswer((call) => (call.method === 'POST' ? jsonResponse({ data: north }) : undefined)),
    );
    await click('Actions for North crew');
    await click('Archive');
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/teams/${north.id}/archive`)).toHaveLength(1),
    );
    await waitFor(() => act(() => toggle('Show archived').click()));
    await waitFor(() =>
      expect(calls.map(pathOf)).toContain(
        '/teams?filter[archived]=true&sort=name&page[number]=1&page[size]=25',
      ),
    );
  });

  it('gives an operative the list without actions', async () => {
    await openSettings('teams', teamsAnswer(), { role: 'OPERATIVE' });
    await waitFor(() => expect(textOf()).toContain('North crew'));
    expect(queryButton('New team')).toBeNull();
    expect(queryButton('Actions for North crew')).toBeNull();
  });
});
