import type { ProjectGuest, ProjectGuestInvite } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import { makeId } from '../../../../test/fixtures';
import { POLICIES, permissionsFor } from '../../../../test/answers';
import { textOf } from '../../../../test/render';
import {
  choose,
  click,
  dialog,
  fill,
  makeGuest,
  queryButton,
  submit,
} from '../../../settings/test/settings-kit';
import {
  callsTo,
  makeProject,
  noContent,
  notFound,
  openProjectSettings,
  pathOf,
  waitFor,
} from '../test/settings-area-kit';

const project = makeProject({ name: 'Harbour Tower' });
const base = `/projects/${project.id}/guests`;
const RECENT = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();

const gina: ProjectGuest = {
  user_id: makeId(),
  name: 'Gina Guest',
  email: 'gina@client.test',
  created_at: RECENT,
};
const omar = makeGuest({ name: 'Omar Owner-Rep', email: 'omar@client.test' });

/**
 * A tiny server of the project's guests and invites, and the organisation's guests (whose
 * `meta.permissions.invite` says whether the caller may invite guests: managers and up).
 */
function guestServer(
  initial: { guests: ProjectGuest[]; invites: ProjectGuestInvite[] },
  mayInvite = true,
) {
  let { guests, invites } = initial;
  const answer = (call: RecordedCall): Response => {
    const path = pathOf(call);
    if (call.method === 'GET' && path === base) return jsonResponse({ data: guests, invites });
    if (call.method === 'GET' && path === '/guests') {
      return jsonResponse({
        active: [makeGuest({ id: gina.user_id, name: gina.name, email: gina.email }), omar],
        invited: [],
        meta: { permissions: { invite: mayInvite } },
      });
    }
    if (call.method === 'POST' && path === base) {
      const ids = (jsonBodyOf(call) as { user_ids: string[] }).user_ids;
      guests = [
        ...guests,
        ...ids.map((id) => ({
          user_id: id,
          name: omar.name,
          email: omar.email,
          created_at: RECENT,
        })),
      ];
      return jsonResponse({ data: guests, invites });
    }
    if (call.method === 'POST' && path === '/guests/invite') {
      const { email } = jsonBodyOf(call) as { email: string };
      if (email === 'gina@client.test') {
        return errorResponse(409, 'Conflict', {
          message: 'gina@client.test is already a member or guest of this organisation.',
          code: 'already_member',
        });
      }
      invites = [
        ...invites,
        { id: makeId(), email, created_at: RECENT, expires_at: '2999-01-01T00:00:00.000Z' },
      ];
      return jsonResponse({ data: { id: makeId(), email } }, 201);
    }
    const removed = new RegExp(`^/projects/${project.id}/members/(\\w+)$`).exec(path);
    if (call.method === 'DELETE' && removed) {
      guests = guests.filter((guest) => guest.user_id !== removed[1]);
      return noContent();
    }
    return notFound();
  };
  return { answer };
}

/** Gina and an invite, answered to an operative (who may not invite guests). */
const operativesServer = () =>
  guestServer(
    {
      guests: [gina],
      invites: [{ id: makeId(), email: 'new@client.test', created_at: RECENT, expires_at: RECENT }],
    },
    false,
  );

const rows = () =>
  [...document.querySelectorAll('[data-testid="person-row"]')].map(
    (row) => row.querySelector('p')?.textContent,
  );

describe('Project settings › Guests', () => {
  it('lists the guests and the invitations still open, expired ones marked', async () => {
    const server = guestServer({
      guests: [gina],
      invites: [
        {
          id: makeId(),
          email: 'new@client.test',
          created_at: RECENT,
          expires_at: '2999-01-01T00:00:00.000Z',
        },
        { id: makeId(), email: 'late@client.test', created_at: RECENT, expires_at: RECENT },
      ],
    });
    await openProjectSettings(project, 'guests', server.answer);
    await waitFor(() =>
      expect(rows()).toEqual(['Gina Guest', 'new@client.test', 'late@client.test']),
    );
    expect(textOf()).toContain('gina@client.test · added 3 days ago');
    expect(textOf()).toContain('Invitations waiting (2)');
    expect(textOf()).toContain('Pending');
    expect(textOf()).toContain('Expired');
  });

  it("adds one of the organisation's guests, not offering those already on the project", async () => {
    const server = guestServer({ guests: [gina], invites: [] });
    const { calls } = await openProjectSettings(project, 'guests', server.answer);
    await waitFor(() => expect(rows()).toEqual(['Gina Guest']));
    await click('Add guests');
    await submit('Add guests');
    await waitFor(() => expect(dialog().textContent).toContain('Choose at least one guest'));
    await choose('Guests', 'Omar Owner-Rep (omar@client.test)');
    await expect(choose('Guests', 'Gina Guest (gina@client.test)')).rejects.toThrow('no option');
    await submit('Add guests');
    await waitFor(() => expect(rows()).toEqual(['Gina Guest', 'Omar Owner-Rep']));
    expect(jsonBodyOf(callsTo(calls, 'POST', base)[0])).toEqual({ user_ids: [omar.id] });
  });

  it('invites someone new into this project, showing a refusal', async () => {
    const server = guestServer({ guests: [], invites: [] });
    const { calls } = await openProjectSettings(project, 'guests', server.answer);
    await waitFor(() => expect(textOf()).toContain('No guests on this project'));
    await click('Invite by e-mail');
    await fill('Email', 'gina@client.test', dialog);
    await submit('Send invitation');
    await waitFor(() => expect(dialog().textContent).toContain('already a member or guest'));
    await fill('Email', 'surveyor@consult.test', dialog);
    await submit('Send invitation');
    await waitFor(() => expect(rows()).toEqual(['surveyor@consult.test']));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/guests/invite').at(-1))).toEqual({
      email: 'surveyor@consult.test',
      project_ids: [project.id],
    });
  });

  it('takes a guest off the project', async () => {
    const server = guestServer({ guests: [gina], invites: [] });
    const { calls } = await openProjectSettings(project, 'guests', server.answer);
    await click('Remove Gina Guest from the project');
    await click('Remove from project', () => dialog());
    await waitFor(() => expect(textOf()).toContain('No guests on this project'));
    expect(
      callsTo(calls, 'DELETE', `/projects/${project.id}/members/${gina.user_id}`),
    ).toHaveLength(1);
  });

  it('shows operatives the guests without ways to change them', async () => {
    const server = operativesServer();
    await openProjectSettings(project, 'guests', server.answer, 'OPERATIVE');
    await waitFor(() => expect(rows()).toEqual(['Gina Guest', 'new@client.test']));
    expect(queryButton('Add guests')).toBeNull();
    expect(queryButton('Invite by e-mail')).toBeNull();
    expect(document.querySelector('[aria-label^="Remove "]')).toBeNull();
    expect(document.querySelector('[aria-label^="Cancel the invitation"]')).toBeNull();
  });

  it('lets an operative who may edit the project add and remove guests, but not invite', async () => {
    const server = operativesServer();
    // the project's own permissions: manage_members (its can_edit), not update
    const editable = makeProject({
      ...project,
      permissions: { ...permissionsFor('OPERATIVE', POLICIES.projects), manage_members: true },
    });
    await openProjectSettings(editable, 'guests', server.answer, 'OPERATIVE');
    await waitFor(() => expect(queryButton('Add guests')).not.toBeNull());
    expect(
      document.querySelector('[aria-label="Remove Gina Guest from the project"]'),
    ).not.toBeNull();
    expect(queryButton('Invite by e-mail')).toBeNull();
    expect(document.querySelector('[aria-label^="Cancel the invitation"]')).toBeNull();
  });
});
