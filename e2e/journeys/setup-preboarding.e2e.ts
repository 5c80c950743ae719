import { describe, expect, it } from 'vitest';
import { newAccount } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { callApi } from '../identity';
import { linkIn } from '../mailbox';
import { tokenOf } from '../setup-steps';
import { expectPath } from '../steps';

const product = useProduct();
const browser = useBrowser();

const setupPath = (page: string) => new RegExp(`^/organisation-setup/[^/]+/preboarding/${page}$`);

describe('journey: a new organisation is set up (preboarding) and lands on projects', () => {
  it('answers the questionnaire, invites a colleague, completes and works', async () => {
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    const owner = newAccount('Petra Owner');

    await page.goto('/signup');
    await page.getByLabel('Name').fill(owner.name);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/organisations');
    await page.getByLabel('Organisation name').fill('Quayside Roofing');
    await page.getByRole('button', { name: 'Create organisation' }).click();

    // A new organisation's pages send its admin into preboarding.
    await expectPath(page, setupPath('start'));
    await page.getByRole('heading', { name: "Let's set up Quayside Roofing" }).waitFor();
    await captureScreens(page, 'setup-preboarding-start');
    await page.getByRole('button', { name: 'Get started' }).click();

    // Step 1: team size (radio cards).
    await expectPath(page, setupPath('questionnaire/team'));
    await page
      .getByRole('radiogroup', { name: 'People working on site' })
      .getByRole('radio', { name: '1–20', exact: true })
      .click();
    await page
      .getByRole('radiogroup', { name: 'People working in the office' })
      .getByRole('radio', { name: '1–5', exact: true })
      .click();
    await captureScreens(page, 'setup-questionnaire-team');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: trades from the suggestions and a typed service.
    await expectPath(page, setupPath('questionnaire/work'));
    await page.getByRole('combobox', { name: 'Trades', exact: true }).click();
    await page.getByRole('option', { name: 'Roofing' }).click();
    await page.getByRole('combobox', { name: 'Trades', exact: true }).fill('Leadwork');
    await page.keyboard.press('Enter');
    await page
      .getByRole('combobox', { name: 'Services', exact: true })
      .fill('Repairs and maintenance');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'What work do you do?' }).click();
    await captureScreens(page, 'setup-questionnaire-work');
    await page.getByRole('button', { name: 'Continue' }).click();

    // A reload keeps what was saved, and the step where the user is.
    await expectPath(page, setupPath('questionnaire/accreditations'));
    await page.reload();
    await page.getByRole('combobox', { name: 'Accreditations', exact: true }).fill('CHAS');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Which accreditations do you hold?' }).click();
    await captureScreens(page, 'setup-questionnaire-accreditations');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expectPath(page, setupPath('questionnaire/source'));
    await page.getByRole('radio', { name: 'A trade show or event', exact: true }).click();
    await captureScreens(page, 'setup-questionnaire-source');
    await page.getByRole('button', { name: 'Continue to invites' }).click();

    // Invite: a bad address is refused beside its row; a good one goes out by e-mail.
    await expectPath(page, setupPath('invite'));
    const colleague = newAccount('Colm Colleague');
    await page.getByRole('textbox', { name: 'Email 1' }).fill('not-an-address');
    await page.getByRole('textbox', { name: 'Email 2' }).fill(colleague.email);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText('Must be a valid e-mail address').waitFor();
    await captureScreens(page, 'setup-invite-error');
    await page.getByRole('button', { name: 'Remove email 1' }).click();
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expectPath(page, setupPath('complete'));
    const mail = await product.mailbox.waitForMail(colleague.email);
    expect(linkIn(mail, '/membership-invite/').pathname).toMatch(/^\/membership-invite\/.+/);

    // Leaving now brings the owner back to where preboarding stopped (the invite checkpoint).
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    await page.goto(`/organisations/${slug}/clients`);
    await expectPath(page, setupPath('invite'));
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expectPath(page, setupPath('complete'));
    await captureScreens(page, 'setup-preboarding-complete');

    await page.getByRole('button', { name: 'Go to projects' }).click();
    await expectPath(page, `/organisations/${slug}/projects`);
    await page.getByText('No projects yet').waitFor();
    // Preboarding is over: its pages now lead to projects, and a reload stays put.
    await page.goto(`/organisation-setup/${slug}/preboarding/start`);
    await expectPath(page, `/organisations/${slug}/projects`);
    await page.reload();
    await page.getByText('No projects yet').waitFor();

    // The server kept every answer.
    const token = await tokenOf(product.apiUrl, owner.email, owner.password);
    const { organisations } = await callApi<{
      organisations: Array<{ slug: string; preboarding: Record<string, unknown> }>;
    }>(product.apiUrl, 'GET', '/me/context', undefined, token);
    const preboarding = organisations.find((item) => item.slug === slug)?.preboarding;
    expect(preboarding).toMatchObject({
      questionnaire: {
        number_of_site_employees: '1-20',
        number_of_office_employees: '1-5',
        trades: ['Roofing', 'Leadwork'],
        services: ['Repairs and maintenance'],
        accreditations: ['CHAS'],
        lead_source: 'trade_show',
      },
      checkpoint: 'complete',
      bypass: false,
    });
    expect(preboarding?.completed_at).toEqual(expect.any(String));
    await context.close();
  });
});
