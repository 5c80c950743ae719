import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { makeContext, makeOrganisation, stamped } from '../../test/fixtures';
import { textOf, waitFor } from '../../test/render';
import { openSignedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const sheet = (number: number, status: string) => ({
  ...stamped(),
  number,
  status,
  form_name: 'Fire door check',
  job_number: 7,
  operative_name: 'Olly Operative',
  submitted_at: null,
  current_approval_stage: null,
  duplicate_photos: [],
  permissions: {},
});
const sheets = [sheet(1, 'IN_PROGRESS'), sheet(2, 'SUBMITTED'), sheet(3, 'APPROVED')];

describe('the job sheets table', () => {
  it('shows each status in the words used elsewhere, not the enum in capitals', async () => {
    await openSignedIn(makeContext([organisation]), '/organisations/acme/job_sheets', (call) =>
      new URL(call.url).pathname.endsWith('/job_sheets')
        ? jsonResponse({
            data: sheets,
            meta: { total: 3, current_page: 1, per_page: 25, last_page: 1 },
          })
        : jsonResponse({
            data: [],
            meta: { total: 0, current_page: 1, per_page: 25, last_page: 1 },
          }),
    );
    await waitFor(() => expect(textOf()).toContain('Sheet 3'));
    const badges = [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')];
    for (const label of ['In progress', 'Submitted', 'Approved']) {
      const badge = badges.find((element) => element.textContent === label);
      expect(badge, label).toBeTruthy();
      // Mantine's badge is upper case by default ("IN PROGRESS" reads as the raw enum)
      expect(badge!.style.textTransform, label).toBe('none');
    }
    expect(textOf()).not.toMatch(/IN_PROGRESS|IN PROGRESS/);
  });
});
