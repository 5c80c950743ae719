import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { PHONE, capturePhone, captureScreens, newSession, useBrowser } from '../browser';
import { useProduct } from '../harness';
import { drawSignature, sheetsScene } from '../sheets-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

/** A two-page method statement as a PDF (pdfkit). */
function methodStatementPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text('Site induction');
    doc.moveDown().fontSize(12).text('Wear a hard hat, boots and a vest at all times. '.repeat(12));
    doc.addPage().fontSize(16).text('Fire doors');
    doc.moveDown().fontSize(12).text('Never prop a fire door open. '.repeat(20));
    doc.end();
  });
}

describe('journey: documents and a mandatory signed document', () => {
  it('uploads a PDF, makes it a mandatory signed document that stops job sheets, lists it among the organisation’s signed documents, the operative is refused a sheet, finds it there and signs on a phone and then fills it; a folder moved into its own child says why not', async () => {
    const scene = await sheetsScene(product.apiUrl);
    const job = await scene.createJob();

    // The manager: from the project's page to its documents.
    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, scene.manager);
    await page.goto(`/organisations/${scene.slug}/projects/${scene.projectId}`);
    await page
      .getByRole('region', { name: 'Documents' })
      .getByRole('link', { name: 'Documents', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();

    // A folder with a subfolder.
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Name').fill('Safety');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('link', { name: 'Safety', exact: true }).click();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Name').fill('Inductions');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('link', { name: 'Inductions', exact: true }).waitFor();
    await page.getByRole('link', { name: 'All documents' }).click();

    // The PDF uploaded at the top, with its progress, then listed.
    await page.locator('input[type=file]').setInputFiles({
      name: 'Site induction.pdf',
      mimeType: 'application/pdf',
      buffer: await methodStatementPdf(),
    });
    await page.getByRole('button', { name: 'Site induction.pdf', exact: true }).waitFor();
    await captureScreens(page, 'documents-browser');

    // Its preview: the PDF's pages as images.
    await page.getByRole('button', { name: 'Site induction.pdf', exact: true }).click();
    await page
      .getByRole('img', { name: 'Site induction.pdf, page 2' })
      .waitFor({ timeout: 30_000 });
    await captureScreens(page, 'documents-preview');
    await page.keyboard.press('Escape');

    // The folder moved into its own subfolder: refused, with the reason.
    await page.getByRole('checkbox', { name: 'Select Safety' }).check();
    await page.getByRole('button', { name: 'Move to…' }).click();
    await page.getByRole('combobox', { name: 'Into' }).click();
    await page.getByRole('option', { name: 'Safety / Inductions' }).click();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const failures = page.getByTestId('move-failures');
    await failures.waitFor();
    expect(await failures.textContent()).toContain(
      'Safety: The folder Safety cannot be moved into its own subfolder.',
    );
    await captureScreens(page, 'documents-move-refused');
    await page.keyboard.press('Escape');

    // Made a signed document, asked of the operative, switched on, mandatory, stopping sheets.
    await page.getByRole('button', { name: 'Actions for Site induction.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Make a signed document' }).click();
    await page.getByRole('heading', { name: 'Signed documents', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: 'Site induction' });
    for (const label of ['Published', 'Enabled', 'Mandatory', 'Stops job sheets']) {
      await card.getByLabel(label).click({ force: true });
      await expect.poll(() => card.getByLabel(label).isChecked()).toBe(true);
    }
    // Asked of a whole team (the operative's crew); a member asked by mistake is taken off again.
    const { data: team } = await scene.call<{ data: { id: string } }>('POST', '/teams', {
      name: 'Balcony crew',
    });
    await scene.call('POST', `/teams/${team.id}/add_members`, { user_ids: [scene.operativeId] });
    await card.getByRole('button', { name: 'Recipients' }).click();
    const recipients = page.getByRole('dialog', { name: 'Site induction' });
    await recipients.getByText('Nobody is asked to sign yet.').waitFor();
    await recipients.getByLabel('…or whole teams').click();
    await page.getByRole('option', { name: 'Balcony crew' }).click();
    await recipients.getByLabel('Ask more members').click();
    await page.getByRole('option', { name: 'Mona Manager' }).click();
    await recipients.getByRole('button', { name: 'Add', exact: true }).click();
    const table = recipients.getByRole('table', { name: 'Recipients' });
    await table.getByRole('cell', { name: 'Otto Operative', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Mona Manager', exact: true }).waitFor();
    await captureScreens(page, 'signed-document-asking');
    await recipients.getByRole('button', { name: 'Remove Mona Manager' }).click();
    await table
      .getByRole('cell', { name: 'Mona Manager', exact: true })
      .waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await card.getByText('0 of 1 signed').waitFor();

    // The members list says who still has a document to sign.
    await page.goto(`/organisations/${scene.slug}/settings/members`);
    await page
      .getByRole('row', { name: /Otto Operative/ })
      .getByText('1 document to sign')
      .waitFor();
    await captureScreens(page, 'members-documents-to-sign');
    await page.goBack();
    await captureScreens(page, 'signed-documents');

    // The organisation's signed documents, every project's, from the main navigation: the
    // document with its progress and who still has to sign; Manage goes back to its project's.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Signed documents' })
      .click();
    await page.waitForURL(/\/organisations\/[^/]+\/signed_documents$/);
    const row = page.getByRole('row', { name: /Site induction/ });
    await row.getByText('0 of 1 signed').waitFor();
    await row.getByText('1 to sign', { exact: true }).waitFor();
    await row.getByText('Mandatory').locator('visible=true').waitFor();
    await captureScreens(page, 'organisation-signed-documents');
    await row.getByRole('link', { name: 'Manage Site induction' }).click();
    await card.getByText('0 of 1 signed').waitFor();

    // The operative, on a phone: refused a job sheet with the reason.
    const phone = await newSession(browser.get(), product);
    const operative = await phone.newPage();
    await operative.setViewportSize(PHONE);
    await signIn(operative, scene.operative);
    await operative.goto(`/organisations/${scene.slug}/jobs/${job.id}`);
    await operative.getByRole('button', { name: 'Start Door inspection' }).click();
    await operative.getByText('Could not start the job sheet').waitFor();
    const formId = (await scene.call<{ data: { form_ids: string[] } }>('GET', `/jobs/${job.id}`))
      .data.form_ids[0];
    const refusal = await scene
      .asOperative<unknown>('POST', '/job_sheets', { job_id: job.id, form_id: formId })
      .catch((error: unknown) => String(error));
    expect(String(refusal)).toContain('Sign the mandatory document Site induction first');
    await capturePhone(operative, 'documents-sheet-refused', async () => {});

    // Finds it under Signed documents in the navigation (behind its toggle on a phone), reads
    // and signs it.
    await operative.setViewportSize(PHONE);
    await operative.getByRole('button', { name: 'Toggle navigation' }).click();
    await operative
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Signed documents' })
      .click();
    const toSign = operative.getByRole('article', { name: 'Site induction' });
    await toSign.getByText('Job sheets wait for it').waitFor();
    await captureScreens(operative, 'organisation-signed-documents-operative');
    await toSign.getByRole('link', { name: 'Read and sign' }).click();
    await operative
      .getByRole('img', { name: 'Site induction, page 1' })
      .waitFor({ timeout: 30_000 });
    // Every page in before signing: a page coming in moves the pad down.
    await operative
      .getByRole('status', { name: 'Loading the pages' })
      .waitFor({ state: 'detached', timeout: 30_000 });
    await operative.getByLabel('I have read and understood this document').check();
    await drawSignature(operative, 'Your signature');
    await expect.poll(() => operative.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await capturePhone(operative, 'documents-signing', async () => {
      await operative.getByRole('button', { name: 'Sign', exact: true }).scrollIntoViewIfNeeded();
    });
    await operative.getByRole('button', { name: 'Sign', exact: true }).click();
    await operative.getByRole('status').filter({ hasText: 'You signed Site induction' }).waitFor();
    await capturePhone(operative, 'documents-signed', async () => {
      await operative.getByText(/You signed Site induction/).scrollIntoViewIfNeeded();
    });

    // Now the sheet opens.
    await operative.goto(`/organisations/${scene.slug}/jobs/${job.id}`);
    await operative.getByRole('button', { name: 'Start Door inspection' }).click();
    await operative.waitForURL(/\/job_sheets\/[0-9a-f]{24}\/fill/);

    // The manager sees it signed, with the signed copy once built.
    await page.reload();
    await card.getByText('1 of 1 signed').waitFor();
    await card.getByRole('button', { name: 'Recipients' }).click();
    await page.getByRole('link', { name: /signed copy/ }).waitFor({ timeout: 60_000 });
    await captureScreens(page, 'signed-document-recipients');
    await phone.close();
    await context.close();
  });
});
