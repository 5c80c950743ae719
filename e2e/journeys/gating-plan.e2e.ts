import type { Browser } from 'playwright-core';
import { describe, it } from 'vitest';
import { newAccount } from '../accounts';
import type { Account } from '../accounts';
import { captureScreens, newSession, useBrowser } from '../browser';
import { SUPPORT_EMAILS, useProduct } from '../harness';
import type { Product } from '../harness';
import { callApi, registerAdmin, registerOrSignIn } from '../identity';
import { addMember } from '../settings-steps';
import { expectPath, signIn } from '../steps';

/**
 * The forced redirects of platform §4 in the browser, with plan states made by the server's own
 * routes: the local ledger's clock and failing test cards (docs/billing.md), and support staff
 * waiving a plan. Nothing is faked in the browser.
 */
const product = useProduct();
const browser = useBrowser();

const pages = (slug: string) => ({
  projects: `/organisations/${slug}/projects`,
  clients: `/organisations/${slug}/clients`,
  settings: `/organisations/${slug}/settings/profile`,
  signup: `/organisations/${slug}/subscription/signup`,
  trialEnded: `/organisations/${slug}/subscription/trial-ended`,
  overdue: `/organisations/${slug}/subscription/payment-overdue`,
  billing: `/organisations/${slug}/billing/overview`,
});

/** An owner's organisation (set up, on its trial) with one manager. */
async function organisationWithMember(name: string) {
  const ownerAccount = newAccount('Olive Owner');
  const owner = await registerAdmin(product.apiUrl, ownerAccount, name);
  const member = await addMember(product.apiUrl, owner, 'Mo Manager', 'MANAGER');
  return {
    owner,
    ownerAccount,
    member,
    slug: owner.organisation.slug,
    urls: pages(owner.organisation.slug),
  };
}

async function signedInPage(b: Browser, p: Product, account: Account) {
  const context = await newSession(b, p);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

describe('journey: the plan decides where members may go', () => {
  it('sends the owner of an ended trial to signup and members to trial-ended, and lets them back once subscribed', async () => {
    const { owner, ownerAccount, member, urls } = await organisationWithMember('Ended Trial Ltd');
    // The ledger's clock moves past the 14-day trial.
    await owner.organisationCall('POST', '/billing/ledger/advance', { days: 15 });

    const asOwner = await signedInPage(browser.get(), product, ownerAccount);
    await expectPath(asOwner.page, urls.signup);
    await asOwner.page.getByRole('heading', { name: 'Subscribe to Fieldwork' }).waitFor();
    for (const url of [urls.clients, urls.settings]) {
      await asOwner.page.goto(url);
      await expectPath(asOwner.page, urls.signup);
    }
    // Billing pages of an ended trial go to its status page, which offers the way to subscribe.
    await asOwner.page.goto(urls.billing);
    await expectPath(asOwner.page, urls.trialEnded);
    await asOwner.page.getByRole('heading', { name: 'Your free trial has ended' }).waitFor();
    await captureScreens(asOwner.page, 'subscription-trial-ended-owner');
    await asOwner.page.getByRole('link', { name: 'Subscribe now' }).click();
    await expectPath(asOwner.page, urls.signup);

    const asMember = await signedInPage(browser.get(), product, member.account);
    await expectPath(asMember.page, urls.trialEnded);
    await asMember.page.getByText('Only the owner of Ended Trial Ltd can subscribe').waitFor();
    await asMember.page.goto(urls.signup);
    await expectPath(asMember.page, urls.trialEnded);
    await captureScreens(asMember.page, 'subscription-trial-ended-member');

    // The owner subscribes in the browser; the member is let back in on the next load.
    await asOwner.page.getByRole('form', { name: 'Billing details' }).waitFor();
    const details = asOwner.page.getByRole('form', { name: 'Billing details' });
    await details.getByLabel('Name on invoices').fill('Ended Trial Ltd');
    await details.getByLabel('Billing e-mail').fill('accounts@ended.test');
    await details.getByLabel(/^Address( \*)?$/).fill('2 Quay Street');
    await details.getByLabel('City').fill('Leeds');
    await details.getByLabel('Postcode').fill('LS1 4DY');
    await details.getByRole('button', { name: 'Save details' }).click();
    await asOwner.page.getByText('Billing details saved').waitFor();
    const card = asOwner.page.getByRole('form', { name: 'Card' });
    await card.getByLabel('Card number').fill('5555 5555 5555 4444');
    await card.getByLabel('Expiry').fill('09/29');
    await card.getByRole('button', { name: 'Save card' }).click();
    await asOwner.page.getByText('Mastercard •••• 4444').waitFor();
    await asOwner.page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await asOwner.page.getByRole('heading', { name: 'You are subscribed' }).waitFor();
    await asOwner.page.getByRole('button', { name: /^Continue to/ }).click();
    await expectPath(asOwner.page, urls.projects);

    await asMember.page.reload();
    await expectPath(asMember.page, urls.projects);
    await asMember.page.goto(urls.clients);
    await expectPath(asMember.page, urls.clients);
    // Billing is the owner's: a member is sent to the default page.
    await asMember.page.goto(urls.billing);
    await expectPath(asMember.page, urls.projects);

    await asOwner.context.close();
    await asMember.context.close();
  });

  it('sends an overdue organisation to payment-overdue, and back once the owner pays', async () => {
    const { owner, ownerAccount, member, urls } = await organisationWithMember('Late Payers Ltd');
    // A card that is accepted but never pays, a subscription, and 31 days later the first
    // invoice is still open.
    await owner.organisationCall('POST', '/update_payment_method', {
      card_number: '4000000000000341',
      exp_month: 12,
      exp_year: 2030,
    });
    await owner.organisationCall('POST', '/subscribe', { seats: 2 });
    await owner.organisationCall('POST', '/billing/ledger/advance', { days: 31 });

    const asMember = await signedInPage(browser.get(), product, member.account);
    await expectPath(asMember.page, urls.overdue);
    await asMember.page.getByText('Only the owner can settle it.').waitFor();
    await asMember.page.goto(urls.clients);
    await expectPath(asMember.page, urls.overdue);
    await captureScreens(asMember.page, 'subscription-payment-overdue-member');

    const asOwner = await signedInPage(browser.get(), product, ownerAccount);
    await expectPath(asOwner.page, urls.overdue);
    await asOwner.page.getByText(/the oldest is 3\d days overdue/).waitFor();
    await asOwner.page
      .getByText(/Overdue 3\d days/)
      .first()
      .waitFor();
    await captureScreens(asOwner.page, 'subscription-payment-overdue-owner');

    // The card on file fails again.
    await asOwner.page.getByRole('button', { name: 'Pay now' }).first().click();
    await asOwner.page
      .getByText(/was not paid|is still open/)
      .first()
      .waitFor();
    await expectPath(asOwner.page, urls.overdue);

    // A working card pays the open invoices at once; the plan is reloaded and the gate lets
    // the owner back in.
    const card = asOwner.page.getByRole('form', { name: 'Card' });
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByLabel('Expiry').fill('12/30');
    await card.getByRole('button', { name: 'Save card and pay' }).click();
    await expectPath(asOwner.page, urls.projects);
    await asOwner.page.goto(urls.clients);
    await expectPath(asOwner.page, urls.clients);

    await asMember.page.reload();
    await expectPath(asMember.page, urls.projects);

    await asOwner.context.close();
    await asMember.context.close();
  });

  it('never redirects a waived organisation, whatever its plan', async () => {
    const { owner, ownerAccount, member, urls } =
      await organisationWithMember('Waived Partners Ltd');
    await owner.organisationCall('POST', '/billing/ledger/advance', { days: 20 });
    const supportAccount = { ...newAccount('Sam Support'), email: SUPPORT_EMAILS.gating };
    const { token: supportToken } = await registerOrSignIn(product.apiUrl, supportAccount);
    await callApi(
      product.apiUrl,
      'PUT',
      `/support/organisations/${owner.organisation.id}/plan`,
      { waived: true },
      supportToken,
    );

    for (const account of [ownerAccount, member.account]) {
      const { context, page } = await signedInPage(browser.get(), product, account);
      await expectPath(page, urls.projects);
      for (const url of [urls.clients, urls.settings, urls.projects]) {
        await page.goto(url);
        await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
        await expectPath(page, url);
      }
      // No trial banner, no overdue banner, no billing.
      await page.getByText(/Free trial|Payment overdue/).waitFor({ state: 'detached' });
      // Pages that explain a restriction have nothing to explain.
      for (const url of [urls.trialEnded, urls.signup, urls.billing, urls.overdue]) {
        await page.goto(url);
        await expectPath(page, urls.projects);
      }
      if (account === ownerAccount) await captureScreens(page, 'gating-waived-projects');
      await context.close();
    }
  });
});
