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
    await captureScreens(page, 'sheet-trail');
    await context.close();
  });
});
