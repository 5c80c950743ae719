import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  getFile,
  keysAddedSince,
  organisationApp,
  removalsDone,
  storedKeys,
} from '../../../test/harness';
import { multipartBody, sendMultipart } from '../people/people-testing';

const { test, org } = organisationApp('Images Org');

const base = () => `/organisations/${org.id}`;

/** A real image of a size and format, drawn by sharp. */
function image(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') {
  return sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
  })
    .toFormat(format)
    .toBuffer();
}

const upload = (
  name: 'report_logo' | 'report_cover_image',
  content: Buffer | string,
  file: { name?: string; type?: string; field?: string } = {},
  token = org.owner.token,
) =>
  sendMultipart(
    test,
    token,
    'POST',
    `${base()}/options/${name}`,
    multipartBody({}, [
      {
        field: file.field ?? 'file',
        name: file.name ?? 'logo.png',
        type: file.type ?? 'image/png',
        content,
      },
    ]),
  );

/** Downloads a signed link through the API and reads the image back. */
async function download(url: string) {
  const response = await getFile(test.app, url);
  expect(response.statusCode).toBe(200);
  return sharp(response.rawPayload).metadata();
}

/** Files in uploads/ once the removals queued after earlier changes have run. */
async function storedUploads() {
  await removalsDone(test, org.id);
  return storedKeys(test, 'uploads/');
}

describe('report images', () => {
  it('stores a PNG logo shrunk to fit 1200×600, kept PNG, behind a signed link', async () => {
    const response = await upload('report_logo', await image(3000, 1000, 'png'));
    expect(response.status).toBe(200);
    const logo = response.body.organisation.options.files.report_logo;
    expect(logo).toMatchObject({
      name: 'report-logo.png',
      content_type: 'image/png',
      width: 1200,
      height: 400,
    });
    expect(logo.size).toBeGreaterThan(0);
    expect(logo.url).toMatch(
      /\/files\/derived\/[0-9a-f]{24}\/[0-9a-f]{24}\/image\.png\?expires=\d+&signature=/,
    );
    const stored = await download(logo.url);
    expect(stored).toMatchObject({ format: 'png', width: 1200, height: 400, hasAlpha: true });
    // /me/context shows the same file
    const context = await org.owner.api.get('/me/context');
    const organisation = context.body.organisations.find((o: { id: string }) => o.id === org.id);
    expect(organisation.options.files.report_logo).toMatchObject({ width: 1200, height: 400 });
    expect(await storedUploads()).toHaveLength(1);
  });

  it('recognises images by content, not by name or type; a small image is not enlarged', async () => {
    const webp = await image(800, 1000, 'webp');
    const response = await upload('report_cover_image', webp, {
      name: 'cover.txt',
      type: 'text/plain',
    });
    expect(response.status).toBe(200);
    const cover = response.body.organisation.options.files.report_cover_image;
    expect(cover).toMatchObject({
      name: 'report-cover-image.jpg',
      content_type: 'image/jpeg',
      width: 800,
      height: 1000,
    });
    expect(await download(cover.url)).toMatchObject({ format: 'jpeg', width: 800, height: 1000 });
    // the logo is still there
    expect(response.body.organisation.options.files.report_logo).not.toBeNull();
  });

  it('applies the EXIF orientation and removes metadata', async () => {
    const rotated = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload('report_cover_image', rotated, { type: 'image/jpeg' });
    const cover = response.body.organisation.options.files.report_cover_image;
    expect(cover).toMatchObject({ width: 200, height: 400 });
    const stored = await download(cover.url);
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
  });

  it('refuses files that are not PNG, JPEG or WebP with a 422 on file, storing nothing', async () => {
    const before = await storedUploads();
    const cases: Array<[string, Buffer | string]> = [
      ['text named .png', 'this is not an image at all'],
      ['gif', await image(10, 10, 'gif')],
      ['truncated png', (await image(500, 500, 'png')).subarray(0, 200)],
      ['empty', Buffer.alloc(0)],
    ];
    for (const [label, content] of cases) {
      const response = await upload('report_logo', content);
      expect(response.status, label).toBe(422);
      expect(response.body.errors[0].field, label).toBe('file');
    }
    const json = await org.api.post('/options/report_logo', { file: 'logo.png' });
    expect(json.status).toBe(422);
    expect(json.body.errors[0].field).toBe('file');
    const wrongField = await upload('report_logo', await image(10, 10, 'png'), { field: 'logo' });
    expect(wrongField.status).toBe(422);
    // a refused upload's file goes once its request has rolled back
    await expect.poll(() => keysAddedSince(test, 'uploads/', before)).toEqual([]);
    const after = await org.api.get('/organisation');
    expect(after.body.organisation.options.files.report_logo.width).toBe(1200);
  });

  it('replacing an image removes the old file once the change is committed', async () => {
    const before = await storedUploads();
    const response = await upload('report_logo', await image(300, 300, 'png'));
    expect(response.body.organisation.options.files.report_logo).toMatchObject({ width: 300 });
    const after = await storedUploads();
    expect(after).not.toEqual(before);
    // the replaced upload goes once the change has committed, on the queue
    await expect.poll(storedUploads).toHaveLength(before.length);
  });

  it('DELETE removes the image and its file', async () => {
    const before = await storedUploads();
    const response = await org.api.delete('/options/report_cover_image');
    expect(response.status).toBe(200);
    expect(response.body.organisation.options.files).toMatchObject({ report_cover_image: null });
    expect(response.body.organisation.options.files.report_logo).not.toBeNull();
    await expect.poll(storedUploads).toHaveLength(before.length - 1);
    const again = await org.api.delete('/options/report_cover_image');
    expect(again.status).toBe(200);
  });

  it('lets only ADMINs upload or remove; others store nothing', async () => {
    const before = await storedUploads();
    const manager = await addMember(test, org, 'MANAGER');
    const response = await upload('report_logo', await image(50, 50, 'png'), {}, manager.token);
    expect(response.status).toBe(403);
    expect((await manager.orgApi.delete('/options/report_logo')).status).toBe(403);
    // a refused upload's file goes once its request has rolled back
    await expect.poll(() => keysAddedSince(test, 'uploads/', before)).toEqual([]);
  });
});
