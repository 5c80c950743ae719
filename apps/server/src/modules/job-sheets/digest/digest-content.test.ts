import { describe, expect, it } from 'vitest';
import { DIGEST_ITEMS, digestEmail, type DigestFacts, type DigestSection } from './digest-content';

const none: DigestSection = { count: 0, items: [] };
const to = {
  email: 'maya@example.test',
  recipientName: 'Maya Manager',
  organisationName: 'Acme & Sons',
  slug: 'acme',
  webUrl: 'https://app.example.test',
  day: '2026-11-28',
  today: '2026-11-29',
};
const quiet: DigestFacts = {
  submitted: none,
  awaiting: none,
  approved: none,
  rejected: none,
  jobsDue: none,
};
const sheet = (n: number) => ({
  label: `Job sheet ${n} (Door <inspection>), job 4`,
  path: `job_sheets/64b00000000000000000${String(n).padStart(4, '0')}`,
});

describe('digestEmail', () => {
  it('is no e-mail at all when nothing happened', () => {
    expect(digestEmail(quiet, to)).toBeNull();
  });

  it('names each section that has something, each record with a link straight to it', () => {
    const mail = digestEmail(
      {
        ...quiet,
        submitted: { count: 2, items: [sheet(7), sheet(8)] },
        rejected: { count: 1, items: [sheet(8)] },
        jobsDue: {
          count: 1,
          items: [{ label: 'Job 4 (Balcony), Riverside', path: 'jobs/64b0000000000000000000b1' }],
        },
      },
      to,
    )!;
    expect(mail.to).toBe('maya@example.test');
    expect(mail.subject).toBe('Your day at Acme & Sons: Saturday, 28 November 2026');
    expect(mail.text).toContain('Submitted: 2 job sheets');
    expect(mail.text).toContain('Rejected: 1 job sheet\n');
    expect(mail.text).toContain(
      '- Job sheet 7 (Door <inspection>), job 4: https://app.example.test/organisations/acme/job_sheets/64b000000000000000000007',
    );
    expect(mail.text).toContain(
      '- Job 4 (Balcony), Riverside: https://app.example.test/organisations/acme/jobs/64b0000000000000000000b1',
    );
    // Sections with nothing are left out; the day is words, never an ISO date.
    expect(mail.text).not.toMatch(/Approved|Waiting/);
    expect(mail.text).not.toContain('2026-11-28');
    expect(mail.text).toContain(
      'https://app.example.test/organisations/acme/settings/notifications',
    );
    // The HTML escapes what people typed.
    expect(mail.html).toContain('Door &#60;inspection&#62;');
    expect(mail.html).toContain('Acme &#38; Sons');
    expect(mail.html).not.toContain('<inspection>');
  });

  it('links the rest of a long section to its list', () => {
    const items = Array.from({ length: DIGEST_ITEMS }, (_, index) => sheet(index + 1));
    const mail = digestEmail({ ...quiet, awaiting: { count: DIGEST_ITEMS + 5, items } }, to)!;
    expect(mail.text).toContain(`Waiting for your approval: ${DIGEST_ITEMS + 5} job sheets`);
    expect(mail.text).toContain('- and 5 more: https://app.example.test/organisations/acme/inbox');
    expect(mail.text.match(/job_sheets\//g)).toHaveLength(DIGEST_ITEMS);
  });
});
