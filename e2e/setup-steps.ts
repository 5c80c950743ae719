import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { callApi } from './identity';

/** The text input of a Mantine Select by its label. */
export const selectInput = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator('input'));

/** Picks a Mantine Select option by typing into it (searchable) and choosing the option. */
export async function pick(page: Page, label: string, search: string, option: string) {
  const input = selectInput(page, label);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs in through the API and answers the access token (for setting data up). */
export async function tokenOf(apiUrl: string, email: string, password: string): Promise<string> {
  const { accessToken } = await callApi<{ accessToken: string }>(apiUrl, 'POST', '/auth/web', {
    email,
    password,
  });
  return accessToken;
}

/** A real PNG of `width` × `height` in one colour (RGB), e.g. a report logo to upload. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3).fill(Buffer.from([r, g, b])),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
