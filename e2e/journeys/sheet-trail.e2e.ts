import { describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { generatedPng } from '../png';
import { sheetsScene, submittedSheetThroughApi } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

describe('journey: the decision trail', () => {
  it('a manager reads a sheet’s whole story: submitted with the declaration, each decision, the rejection, the resubmission and an undone approval', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();
    const sheetId = await submittedSheetThroughApi(
      product.apiUrl,
      scene,
      job.id,
      generatedPng(640, 480, 41),
    );
    const approve = () =>
      scene.call('POST', `/job_sheets/${sheetId}/approve`, {
        declaration_accepted: true,
        comments: 'Frame and closer checked',
      });
    await approve();
    await scene.call('POST', `/job_sheets/${sheetId}/reject`, {
      comments: 'The signature is missing a name.',
    });
    await scene.asOperative('POST', `/job_sheets/${sheetId}/submit`, {
      operative_declaration_accepted: true,
    });
    await approve();
    await scene.call('POST', `/job_sheets/${sheetId}/undo_approval`);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    const trail = page.getByTestId('decision-trail');
    await trail.getByText('Approval undone by Mona Manager').waitFor();
    expect(await trail.locator('.mantine-Timeline-itemTitle').allTextContents()).toEqual([
      'Started by Otto Operative',
      'Declaration accepted by Otto Operative',
      'Submitted by Otto Operative',
      'Approved by Mona Manager',
      'Rejected by Mona Manager',
      'Declaration accepted by Otto Operative',
      'Resubmitted by Otto Operative',
      'Approved by Mona Manager (undone)',
      'Approval undone by Mona Manager',
    ]);
    await trail.getByText('The signature is missing a name.').waitFor();
    expect(await trail.getByText('The stage’s declaration accepted').count()).toBe(2);
    expect(await trail.getByText(/round 2/).count()).toBeGreaterThan(0);
    await page
      .getByText('On this project one person may decide several stages of a sheet.')
      .waitFor();
    await captureScreens(page, 'sheet-trail');

    // The project wants a different person at each stage: set in its settings, said on the trail.
    await page.goto(`/organisations/${scene.slug}/projects/${scene.projectId}/settings/general`);
    const rule = page.getByRole('switch', { name: /^One person may decide several stages/ });
    await rule.uncheck({ force: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await captureScreens(page, 'project-settings-same-approver');
    await page.goto(`/organisations/${scene.slug}/job_sheets/${sheetId}`);
    await page
      .getByText('On this project each stage of a sheet is decided by a different person.')
      .waitFor();
    // The manager decides the supervisor's stage (their undone approval does not count) and is
    // refused the next one, with the reason.
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Approve' }).click();
    await dialog
      .getByRole('checkbox', { name: 'I accept this declaration' })
      .check({ force: true });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Waiting at').getByText('Client sign-off').waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText(/You decided the “Supervisor” stage of this sheet/).waitFor();
    await captureScreens(page, 'sheet-same-approver-refused');
    await context.close();
  });
});
