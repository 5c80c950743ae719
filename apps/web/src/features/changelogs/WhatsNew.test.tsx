import type { Changelog } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';
import { click } from '../settings/test/settings-kit';

const TIMESTAMP = '2026-01-01T00:00:00.000Z';

function makeChangelog(id: string, overrides: Partial<Changelog> = {}): Changelog {
  return {
    id,
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
    title: `Update ${id}`,
    date: '2026-01-10',
    icon: 'users',
    tag: 'New',
    content: 'Plain words',
    status: 'PUBLISHED',
    files: { hero: null },
    videoEmbedHtml: null,
    published_at: TIMESTAMP,
    last_viewed_at_by_user: null,
    viewed: false,
    ...overrides,
  };
}

/** A tiny changelog server: two entries, the first unviewed until marked. */
function changelogServer() {
  const viewed = new Set<string>(['b']);
  const entries = [
    makeChangelog('a', {
      title: 'Teams have leads',
      files: {
        hero: {
          name: 'hero.png',
          content_type: 'image/png',
          size: 1,
          width: 1,
          height: 1,
          url: 'http://api.test/files/hero.png',
          uploaded_at: TIMESTAMP,
        },
      },
      videoEmbedHtml:
        '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Tour"></iframe>',
      content_html:
        '<p>Choose a <strong>lead</strong> for each team.</p><img src="x" onerror="window.__pwned = true">',
    }),
    makeChangelog('b', { title: 'Devices page' }),
  ];
  const present = (entry: Changelog) => ({ ...entry, viewed: viewed.has(entry.id) });
  return (call: RecordedCall): Response => {
    const { pathname } = new URL(call.url);
    if (pathname === '/changelogs/unviewed_count') {
      return jsonResponse({ count: entries.filter((entry) => !viewed.has(entry.id)).length });
    }
    if (pathname === '/changelogs') {
      return jsonResponse({
        data: entries.map(present),
        meta: { total: 2, current_page: 1, per_page: 20, last_page: 1 },
      });
    }
    const mark = /^\/changelogs\/(\w+)\/mark_as_viewed$/.exec(pathname);
    if (mark && call.method === 'PUT') {
      viewed.add(mark[1]!);
      return jsonResponse({ data: present(entries.find((entry) => entry.id === mark[1])!) });
    }
    const one = /^\/changelogs\/(\w+)$/.exec(pathname);
    if (one) return jsonResponse({ data: present(entries.find((entry) => entry.id === one[1])!) });
    return errorResponse(404, 'Not Found');
  };
}

const badge = () =>
  document.querySelector('[aria-label^="What\'s new"]')?.getAttribute('aria-label');

describe("What's new", () => {
  it('shows the unviewed count, and it drops after an update is opened', async () => {
    const calls = signedIn(makeContext([makeOrganisation({ slug: 'acme' })]), changelogServer());
    await renderApp('/organisations/acme/projects');
    await waitFor(() => expect(badge()).toBe("What's new (1 unread)"));

    await click("What's new (1 unread)");
    await waitFor(() => expect(textOf()).toContain('Teams have leads'));
    expect(textOf()).toContain('Devices page');
    await openEntry('Teams have leads (new)');

    await waitFor(() => expect(textOf()).toContain('for each team'));
    await waitFor(() => expect(badge()).toBe("What's new"));
    expect(
      calls.filter((call) => call.method === 'PUT').map((call) => new URL(call.url).pathname),
    ).toEqual(['/changelogs/a/mark_as_viewed']);
    // The detail was asked with its rendered content; the list only for published entries.
    expect(
      calls.some((call) =>
        decodeURIComponent(call.url).endsWith(
          '/changelogs/a?expand[]=viewed&expand[]=content_html',
        ),
      ),
    ).toBe(true);
    expect(
      calls.some((call) =>
        decodeURIComponent(call.url).includes('/changelogs?filter[status]=PUBLISHED'),
      ),
    ).toBe(true);

    const frame = document.querySelector<HTMLIFrameElement>('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(frame?.getAttribute('sandbox')).toContain('allow-scripts');
    expect(document.querySelector('img[src="http://api.test/files/hero.png"]')).not.toBeNull();
  });

  it('opens an update that was viewed already without marking it again', async () => {
    const calls = signedIn(makeContext([makeOrganisation({ slug: 'acme' })]), changelogServer());
    await renderApp('/organisations/acme/projects');
    await click("What's new (1 unread)");
    await openEntry('Devices page');
    await waitFor(() => expect(textOf()).toContain('Plain words'));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await click('All updates');
    await waitFor(() => expect(textOf()).toContain('Teams have leads'));
  });
});

/** An update in the list: named by what it shows (date, tag, title and "(new)" if unviewed). */
async function openEntry(title: string): Promise<void> {
  await waitFor(() => {
    const entry = [...document.querySelectorAll('button')].find((button) =>
      button.textContent?.endsWith(title),
    );
    if (!entry) throw new Error(`no entry "${title}"`);
    act(() => entry.click());
  });
}
