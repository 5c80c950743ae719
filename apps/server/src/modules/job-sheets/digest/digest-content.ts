import type { MailMessage } from '../../../platform/mail/mailer';
import { spokenDate } from '../../jobs';

/** A record the digest names: its words and its page under the organisation. */
export interface DigestItem {
  label: string;
  /** e.g. `job_sheets/{id}` or `jobs/{id}` */
  path: string;
}

/** One section: how many, and the first few of them (at most DIGEST_ITEMS). */
export interface DigestSection {
  count: number;
  items: DigestItem[];
}

/** What a manager's day came to (the day before the digest), and what waits for them now. */
export interface DigestFacts {
  submitted: DigestSection;
  awaiting: DigestSection;
  approved: DigestSection;
  rejected: DigestSection;
  jobsDue: DigestSection;
}

export interface DigestAddress {
  recipientName: string;
  organisationName: string;
  slug: string;
  /** The web app's origin (PUBLIC_WEB_URL). */
  webUrl: string;
  /** The day summed up, YYYY-MM-DD (the organisation's calendar). */
  day: string;
  /** The day the digest is sent: jobs due are that day's. */
  today: string;
}

/** Items named per section; the rest is a count and a link to the whole list. */
export const DIGEST_ITEMS = 10;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

interface Block {
  heading: string;
  section: DigestSection;
  /** The list holding every item of the section, for "and N more". */
  more: string;
}

/**
 * The digest e-mail of one manager's day, or null when there is nothing to tell (nothing
 * submitted, decided, waiting or due): no e-mail then. Every record named links straight to its
 * page; every section past DIGEST_ITEMS links to the list with the rest.
 */
export function digestEmail(
  facts: DigestFacts,
  to: DigestAddress & { email: string },
): MailMessage | null {
  const base = `/organisations/${encodeURIComponent(to.slug)}`;
  const blocks: Block[] = [
    {
      heading: `Waiting for your approval: ${plural(facts.awaiting.count, 'job sheet', 'job sheets')}`,
      section: facts.awaiting,
      more: `${base}/inbox`,
    },
    {
      heading: `Submitted: ${plural(facts.submitted.count, 'job sheet', 'job sheets')}`,
      section: facts.submitted,
      more: `${base}/job_sheets`,
    },
    {
      heading: `Approved: ${plural(facts.approved.count, 'job sheet', 'job sheets')}`,
      section: facts.approved,
      more: `${base}/job_sheets`,
    },
    {
      heading: `Rejected: ${plural(facts.rejected.count, 'job sheet', 'job sheets')}`,
      section: facts.rejected,
      more: `${base}/job_sheets`,
    },
    {
      heading: `Due today: ${plural(facts.jobsDue.count, 'job', 'jobs')}`,
      section: facts.jobsDue,
      more: `${base}/jobs`,
    },
  ].filter((block) => block.section.count > 0);
  if (!blocks.length) return null;

  const url = (path: string) => new URL(path, to.webUrl).toString();
  const settings = url(`${base}/settings/notifications`);
  const subject = `Your day at ${to.organisationName}: ${spokenDate(to.day)}`;
  const why = 'You get this because the daily digest is on in your notification settings.';
  const rest = (block: Block) => block.section.count - block.section.items.length;

  const text = [
    `Hello ${to.recipientName},`,
    '',
    `What happened at ${to.organisationName} on ${spokenDate(to.day)}, and what waits for you.`,
    ...blocks.flatMap((block) => [
      '',
      block.heading,
      ...block.section.items.map((item) => `- ${item.label}: ${url(`${base}/${item.path}`)}`),
      ...(rest(block) > 0 ? [`- and ${rest(block)} more: ${url(block.more)}`] : []),
    ]),
    '',
    why,
    `Change them: ${settings}`,
  ].join('\n');

  const html = `<p>Hello ${escapeHtml(to.recipientName)},</p>
<p>What happened at ${escapeHtml(to.organisationName)} on ${escapeHtml(spokenDate(to.day))}, and what waits for you.</p>
${blocks
  .map(
    (block) => `<h3>${escapeHtml(block.heading)}</h3>
<ul>
${block.section.items
  .map(
    (item) =>
      `<li><a href="${escapeHtml(url(`${base}/${item.path}`))}">${escapeHtml(item.label)}</a></li>`,
  )
  .join(
    '\n',
  )}${rest(block) > 0 ? `\n<li><a href="${escapeHtml(url(block.more))}">and ${rest(block)} more</a></li>` : ''}
</ul>`,
  )
  .join('\n')}
<p style="color:#666">${escapeHtml(why)} <a href="${escapeHtml(settings)}">Change them</a>.</p>`;
  return { to: to.email, subject, text, html };
}
