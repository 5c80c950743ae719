import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  getFile,
  type Member,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { newId } from '../../platform/ids';
import { multipartBody, sendMultipart } from '../people/people-testing';
import { SEED_CHANGELOGS, seedChangelogs } from './seed';

let test: TestApp;
let reader: Member;
let support: Member;
beforeAll(async () => {
  test = await startTestApp();
  reader = await signUp(test.app, 'Reader');
  support = await signUp(test.app, 'Support Writer');
  await test.platform.db.query('UPDATE users SET support = true WHERE id = $1', [support.userId]);
});
afterAll(() => test.close());

const fieldsOf = (body: { errors?: Array<{ field: string }> }) =>
  (body.errors ?? []).map((error) => error.field).sort();

async function write(body: Record<string, unknown>) {
  const response = await support.api.post('/changelogs', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: string; [key: string]: unknown };
}

describe('seeded changelogs', () => {
  it('seeds the real entries once, published, when the table is empty', async () => {
    const seeded = await test.platform.db.transaction((tx) => seedChangelogs(tx));
    expect(seeded).toBe(SEED_CHANGELOGS.length);
    expect(await test.platform.db.transaction((tx) => seedChangelogs(tx))).toBe(0);
    const response = await reader.api.get('/changelogs');
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({
      total: SEED_CHANGELOGS.length,
      current_page: 1,
      per_page: 20,
      last_page: 1,
    });
    const titles = response.body.data.map((entry: { title: string }) => entry.title);
    expect(titles).toEqual(SEED_CHANGELOGS.map((entry) => entry.title).reverse());
    expect(response.body.data[0]).toMatchObject({
      status: 'PUBLISHED',
      date: '2026-11-17',
      files: { hero: null },
      videoEmbedHtml: null,
      last_viewed_at_by_user: null,
    });
  });
});

describe('reading changelogs', () => {
  let draftId: string;
  beforeAll(async () => {
    draftId = (await write({ title: 'Coming soon: reports', date: '2026-12-01', tag: 'Feature' }))
      .id;
  });

  it('shows ordinary users published changelogs only, whatever they filter', async () => {
    const all = await reader.api.get('/changelogs');
    expect(all.body.data.map((entry: { id: string }) => entry.id)).not.toContain(draftId);
    const drafts = await reader.api.get('/changelogs?filter[status]=DRAFT');
    expect(drafts.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await reader.api.get(`/changelogs/${draftId}`)).status).toBe(404);
    expect((await reader.api.put(`/changelogs/${draftId}/mark_as_viewed`)).status).toBe(404);
  });

  it('shows support staff drafts too, filtered by status and tag', async () => {
    const all = await support.api.get('/changelogs');
    expect(all.body.meta.total).toBe(SEED_CHANGELOGS.length + 1);
    expect(all.body.data[0].id).toBe(draftId);
    const drafts = await support.api.get('/changelogs?filter[status]=DRAFT');
    expect(drafts.body.data.map((entry: { id: string }) => entry.id)).toEqual([draftId]);
    const tagged = await support.api.get('/changelogs?filter[tag]=Security,Developers');
    expect(tagged.body.data.map((entry: { tag: string }) => entry.tag)).toEqual([
      'Security',
      'Developers',
    ]);
    const published = await support.api.get(
      '/changelogs?filter[status]=PUBLISHED&filter[tag]=Feature',
    );
    expect(published.body.meta.total).toBe(4);
  });

  it('pages newest first and refuses bad list parameters', async () => {
    const first = await reader.api.get('/changelogs?page[size]=4');
    const second = await reader.api.get('/changelogs?page[size]=4&page[number]=2');
    expect(first.body.meta).toMatchObject({ total: 6, per_page: 4, last_page: 2 });
    expect(first.body.data).toHaveLength(4);
    expect(second.body.data).toHaveLength(2);
    const dates = [...first.body.data, ...second.body.data].map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const query of [
      'page[size]=101',
      'page[number]=0',
      'page=all',
      'filter[status]=LIVE',
      'filter[title]=x',
      'expand[]=author',
    ]) {
      const response = await reader.api.get(`/changelogs?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('expands viewed and content_html, rendered safely', async () => {
    const entry = await write({
      title: 'Safe markdown',
      date: '2026-11-20',
      status: 'PUBLISHED',
      content:
        '## Heading\n\nSome **bold** text <script>alert(1)</script> and [a link](https://example.com) ' +
        'and [a trap](javascript:alert(1)) <img src=x onerror="alert(2)">',
    });
    const response = await reader.api.get(
      `/changelogs/${entry.id}?expand[]=viewed&expand[]=content_html`,
    );
    expect(response.status).toBe(200);
    const { content_html: html, viewed } = response.body.data;
    expect(viewed).toBe(false);
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.com">a link</a>');
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    const list = await reader.api.get('/changelogs?expand[]=viewed');
    expect(list.body.data[0]).toMatchObject({ id: entry.id, viewed: false });
    expect(list.body.data[0].content_html).toBeUndefined();
  });
});

describe('viewing changelogs', () => {
  it('counts what the user has not viewed, per user', async () => {
    const fresh = await signUp(test.app, 'Fresh Reader');
    const total = (await fresh.api.get('/changelogs')).body.meta.total as number;
    expect((await fresh.api.get('/changelogs/unviewed_count')).body).toEqual({ count: total });
    const [latest] = (await fresh.api.get('/changelogs')).body.data;
    const marked = await fresh.api.put(`/changelogs/${latest.id}/mark_as_viewed`);
    expect(marked.status).toBe(200);
    const viewedAt = marked.body.data.last_viewed_at_by_user as string;
    expect(Date.parse(viewedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await fresh.api.get('/changelogs/unviewed_count')).body.count).toBe(total - 1);
    const again = await fresh.api.put(`/changelogs/${latest.id}/mark_as_viewed`);
    expect(Date.parse(again.body.data.last_viewed_at_by_user)).toBeGreaterThanOrEqual(
      Date.parse(viewedAt),
    );
    expect((await fresh.api.get('/changelogs/unviewed_count')).body.count).toBe(total - 1);
    const seen = await fresh.api.get(`/changelogs/${latest.id}?expand[]=viewed`);
    expect(seen.body.data).toMatchObject({ viewed: true });
    // someone else's count is their own
    const other = await signUp(test.app, 'Other Reader');
    expect((await other.api.get('/changelogs/unviewed_count')).body.count).toBe(total);
    const all = await other.api.put('/changelogs/mark_all_as_viewed');
    expect(all.body).toEqual({ marked: total });
    expect((await other.api.get('/changelogs/unviewed_count')).body.count).toBe(0);
    expect((await other.api.put('/changelogs/mark_all_as_viewed')).body).toEqual({ marked: 0 });
    expect((await fresh.api.get('/changelogs/unviewed_count')).body.count).toBe(total - 1);
    expect((await fresh.api.put(`/changelogs/${newId()}/mark_as_viewed`)).status).toBe(404);
    expect((await fresh.api.get('/changelogs/not-an-id')).status).toBe(404);
  });

  it("keeps each user's views to themselves under row-level security", async () => {
    const { rows } = await test.platform.db.transaction(async (tx) => {
      await tx.query(
        `SELECT set_config('role', 'fieldwork_app', true), set_config('app.user_id', $1, true)`,
        [reader.userId],
      );
      await tx.query(
        `INSERT INTO changelog_views (user_id, changelog_id)
         SELECT $1, id FROM changelogs WHERE status = 'PUBLISHED' LIMIT 1
         ON CONFLICT DO NOTHING`,
        [reader.userId],
      );
      return tx.query<{ user_id: string }>('SELECT DISTINCT user_id FROM changelog_views');
    });
    expect(rows).toEqual([{ user_id: reader.userId }]);
    const refused = await test.platform.db
      .transaction(async (tx) => {
        await tx.query(
          `SELECT set_config('role', 'fieldwork_app', true), set_config('app.user_id', $1, true)`,
          [reader.userId],
        );
        await tx.query(
          `INSERT INTO changelog_views (user_id, changelog_id)
           SELECT $1, id FROM changelogs LIMIT 1`,
          [support.userId],
        );
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(refused)).toMatch(/row-level security/);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/changelogs', '/changelogs/unviewed_count', `/changelogs/${newId()}`]) {
      expect((await client(test.app).get(url)).status).toBe(401);
    }
  });
});

describe('writing changelogs (support staff)', () => {
  it('creates drafts by default and checks every field', async () => {
    const entry = await write({ title: '  Timesheets ', date: '2026-12-10', icon: 'clock' });
    expect(entry).toMatchObject({
      title: 'Timesheets',
      date: '2026-12-10',
      icon: 'clock',
      tag: null,
      content: '',
      status: 'DRAFT',
      published_at: null,
    });
    const bad = await support.api.post('/changelogs', {
      title: '',
      date: '10/12/2026',
      status: 'LIVE',
      content: 5,
      tag: 'x'.repeat(51),
    });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)).toEqual(['content', 'date', 'status', 'tag', 'title']);
    const missing = await support.api.post('/changelogs', {});
    expect(fieldsOf(missing.body)).toEqual(['date', 'title']);
  });

  it('keeps only a known video iframe, rebuilt from safe attributes', async () => {
    const entry = await write({
      title: 'Video',
      date: '2026-12-11',
      videoEmbedHtml:
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc123" title="Demo" ' +
        'onload="alert(1)" style="position:fixed" allowfullscreen></iframe>',
    });
    expect(entry.videoEmbedHtml).toBe(
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc123" title="Demo" allowfullscreen></iframe>',
    );
    const bare = await write({
      title: 'Bare link',
      date: '2026-12-12',
      videoEmbedHtml: 'https://player.vimeo.com/video/76979871',
    });
    expect(bare.videoEmbedHtml).toBe(
      '<iframe src="https://player.vimeo.com/video/76979871"></iframe>',
    );
    for (const html of [
      '<script>alert(1)</script>',
      '<iframe src="http://www.youtube.com/embed/abc"></iframe>',
      '<iframe src="https://evil.example/embed"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://www.youtube.com/embed/a"></iframe><script>alert(1)</script>',
      '<div><iframe src="https://www.youtube.com/embed/a"></iframe></div>',
    ]) {
      const response = await support.api.post('/changelogs', {
        title: 'Bad video',
        date: '2026-12-13',
        videoEmbedHtml: html,
      });
      expect(response.status, html).toBe(422);
      expect(response.body.errors[0]).toMatchObject({
        field: 'videoEmbedHtml',
        code: 'invalid_embed',
      });
    }
  });

  it('takes a hero image by multipart, normalised, and replaces or removes it', async () => {
    const hero = await sharp({
      create: { width: 3840, height: 2160, channels: 3, background: '#2266aa' },
    })
      .png()
      .toBuffer();
    const created = await sendMultipart(
      test,
      support.token,
      'POST',
      '/changelogs',
      multipartBody(
        { title: 'With a hero', date: '2026-12-14', status: 'PUBLISHED', content: 'Hello' },
        [{ field: 'hero', name: 'hero.png', type: 'image/png', content: hero }],
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const entry = created.body.data;
    expect(entry.status).toBe('PUBLISHED');
    expect(entry.published_at).not.toBeNull();
    expect(entry.files.hero).toMatchObject({
      name: 'changelog-hero.png',
      width: 1920,
      height: 1080,
    });
    const download = await getFile(test.app, entry.files.hero.url);
    expect(download.statusCode).toBe(200);
    // readers see it, with the hero
    const read = await reader.api.get(`/changelogs/${entry.id}`);
    expect(read.body.data.files.hero.width).toBe(1920);

    const notImage = await sendMultipart(
      test,
      support.token,
      'PUT',
      `/changelogs/${entry.id}`,
      multipartBody({ title: 'Renamed' }, [{ field: 'hero', name: 'x.png', content: 'nope' }]),
    );
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors[0].field).toBe('hero');
    expect((await reader.api.get(`/changelogs/${entry.id}`)).body.data.title).toBe('With a hero');

    const small = await sharp({
      create: { width: 640, height: 360, channels: 3, background: '#fff' },
    })
      .jpeg()
      .toBuffer();
    const replaced = await sendMultipart(
      test,
      support.token,
      'PATCH',
      `/changelogs/${entry.id}`,
      multipartBody({ tag: 'Feature' }, [{ field: 'hero', name: 'h.jpg', content: small }]),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      title: 'With a hero',
      tag: 'Feature',
      files: { hero: { width: 640, height: 360, content_type: 'image/jpeg' } },
    });
    // the replaced hero goes on the queue once the change has committed
    await expect
      .poll(async () => (await getFile(test.app, entry.files.hero.url)).statusCode)
      .toBe(404);

    const removed = await support.api.delete(`/changelogs/${entry.id}/hero`);
    expect(removed.body.data.files.hero).toBeNull();
  });

  it('updates, publishes, unpublishes and deletes', async () => {
    const entry = await write({ title: 'Lifecycle', date: '2026-12-15' });
    const updated = await support.api.put(`/changelogs/${entry.id}`, {
      content: 'Now with *words*',
      icon: '',
    });
    expect(updated.body.data).toMatchObject({ content: 'Now with *words*', icon: null });
    const published = await support.api.post(`/changelogs/${entry.id}/publish`);
    const publishedAt = published.body.data.published_at as string;
    expect(published.body.data.status).toBe('PUBLISHED');
    expect(publishedAt).not.toBeNull();
    const again = await support.api.post(`/changelogs/${entry.id}/publish`);
    expect(again.body.data.published_at).toBe(publishedAt);
    expect((await reader.api.put(`/changelogs/${entry.id}/mark_as_viewed`)).status).toBe(200);
    const unpublished = await support.api.post(`/changelogs/${entry.id}/unpublish`);
    expect(unpublished.body.data).toMatchObject({ status: 'DRAFT', published_at: null });
    expect((await reader.api.get(`/changelogs/${entry.id}`)).status).toBe(404);
    const bad = await support.api.put(`/changelogs/${entry.id}`, { date: 'tomorrow' });
    expect(fieldsOf(bad.body)).toEqual(['date']);
    expect((await support.api.delete(`/changelogs/${entry.id}`)).status).toBe(204);
    expect((await support.api.get(`/changelogs/${entry.id}`)).status).toBe(404);
    const { rows } = await test.platform.db.query(
      'SELECT 1 FROM changelog_views WHERE changelog_id = $1',
      [entry.id],
    );
    expect(rows).toHaveLength(0);
    expect((await support.api.delete(`/changelogs/${entry.id}`)).status).toBe(404);
  });

  it('refuses everyone but support staff', async () => {
    const [entry] = (await reader.api.get('/changelogs')).body.data;
    const calls: Array<['POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['POST', '/changelogs', { title: 'Mine', date: '2026-12-01' }],
      ['PUT', `/changelogs/${entry.id}`, { title: 'Mine' }],
      ['PATCH', `/changelogs/${entry.id}`, { title: 'Mine' }],
      ['POST', `/changelogs/${entry.id}/publish`, undefined],
      ['POST', `/changelogs/${entry.id}/unpublish`, undefined],
      ['DELETE', `/changelogs/${entry.id}/hero`, undefined],
      ['DELETE', `/changelogs/${entry.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const response = await reader.api.call(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.code).toBe('support_only');
      expect((await client(test.app).call(method, url, body)).status).toBe(401);
    }
    expect((await reader.api.get(`/changelogs/${entry.id}`)).body.data.title).toBe(entry.title);
  });
});
