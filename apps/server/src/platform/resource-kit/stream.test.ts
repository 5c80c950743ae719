import { recordSchema } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OrganisationContext } from '../http/context';
import { parseListQuery } from '../list-query/parse';
import { defineResource } from './declaration';
import { reader } from './repository';

const notes = defineResource({
  name: 'notes',
  label: 'Note',
  table: 'notes',
  record: recordSchema.extend({ text: z.string() }),
  create: z.object({ text: z.string() }),
  update: z.object({ text: z.string() }).partial(),
  fields: { text: { type: 'text', sort: true } },
  defaultSort: 'text',
  verbs: ['list'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});

/** A request context whose database answers one chunk, then fails the read-ahead fetch. */
function failingSecondFetch() {
  let fetches = 0;
  const statements: string[] = [];
  const query = (text: string) => {
    statements.push(text.split(' ')[0]!);
    if (!text.startsWith('FETCH')) return Promise.resolve({ rows: [] });
    fetches += 1;
    if (fetches === 1) return Promise.resolve({ rows: [{ id: 'a', text: 'first' }] });
    return Promise.reject(new Error('connection lost'));
  };
  const ctx = {
    organisationId: 'org',
    membership: { role: 'ADMIN' },
    db: { query },
  } as unknown as OrganisationContext;
  return { ctx, statements };
}

describe('page=all streaming', () => {
  it('fails with the read-ahead fetch’s error, never as an unhandled rejection, and closes the cursor', async () => {
    const { ctx, statements } = failingSecondFetch();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const chunks = reader(notes).streamList(ctx, parseListQuery(new URLSearchParams('page=all')));
      expect((await chunks.next()).value).toBe('{"data":[');
      expect((await chunks.next()).value).toBe('{"id":"a","text":"first"}');
      // The next fetch has failed meanwhile, while this chunk was being sent.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(chunks.next()).rejects.toThrow('connection lost');
      expect(unhandled).toEqual([]);
      expect(statements).toEqual(['DECLARE', 'FETCH', 'FETCH', 'CLOSE']);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
