import type { OrganisationContext } from './context';
import { Answer } from './route';

/**
 * The answer to `question` on `topic` in the caller's organisation, as JSON: the one the answer
 * cache kept, or `compute`'s (shared with callers asking the same at once), kept for the next
 * caller unless what it read was announced as changed meanwhile (platform/db/answer-cache.ts). The question must hold everything the answer
 * depends on besides the organisation's data, the caller's visibility included.
 */
export async function keptAnswer(
  ctx: OrganisationContext,
  topic: string,
  question: unknown,
  compute: () => Promise<unknown>,
): Promise<Answer> {
  const json = await ctx.services.answers.answer(
    topic,
    ctx.organisationId,
    JSON.stringify(question),
    async () => JSON.stringify(await compute()),
  );
  return new Answer(200, json, { 'content-type': 'application/json; charset=utf-8' });
}
