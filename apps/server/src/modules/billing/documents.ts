import { Readable } from 'node:stream';
import { BILLING_TAX_RATE_PERCENT, type Invoice } from '@fieldwork/contract';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/storage';
import { presentBillingDetails, readAccount, type Scope } from './accounts';
import { renderInvoicePage } from './invoice-page';
import { renderInvoicePdf, type InvoiceParties } from './invoices-pdf';
import { loadInvoice } from './records';

/** Signed links to invoice documents live this long. */
export const DOCUMENT_LINK_SECONDS = 3600;

async function partiesOf(scope: Scope, invoice: Invoice): Promise<InvoiceParties> {
  const { rows } = await scope.db.query<{ name: string; rate: number | null }>(
    `SELECT o.name, (SELECT s.tax_rate_percentage::float8 FROM subscriptions s
                      WHERE s.organisation_id = o.id AND s.id = $2) AS rate
       FROM organisations o WHERE o.id = $1`,
    [scope.organisationId, invoice.subscription_id],
  );
  return {
    organisationName: rows[0]?.name ?? '',
    billing: presentBillingDetails(await readAccount(scope)),
    taxRatePercentage: rows[0]?.rate ?? BILLING_TAX_RATE_PERCENT,
  };
}

async function externalUrls(scope: Scope, invoiceId: string) {
  const { rows } = await scope.db.query<{ hosted: string | null; pdf: string | null }>(
    `SELECT hosted_invoice_url AS hosted, invoice_pdf_url AS pdf FROM invoices
      WHERE organisation_id = $1 AND id = $2`,
    [scope.organisationId, invoiceId],
  );
  return rows[0] ?? { hosted: null, pdf: null };
}

async function requireInvoice(scope: Scope, invoiceId: string): Promise<Invoice> {
  const invoice = await loadInvoice(scope, invoiceId);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/**
 * A signed link to the invoice's PDF: Stripe's own when Stripe issued it, otherwise ours, drawn
 * with pdfkit and stored once per version of the invoice (a payment or credit makes a new one).
 */
export async function invoicePdfUrl(
  scope: Scope,
  storage: FileStorage,
  invoiceId: string,
): Promise<string> {
  const invoice = await requireInvoice(scope, invoiceId);
  const external = await externalUrls(scope, invoiceId);
  if (external.pdf) return external.pdf;
  const version = `${new Date(invoice.updated_at).getTime()}-${invoice.credit_notes.length}`;
  const key = `billing/invoices/${scope.organisationId}/${invoice.id}-${version}.pdf`;
  if ((await storage.size(key)) === null) {
    const pdf = await renderInvoicePdf(invoice, await partiesOf(scope, invoice));
    await storage.write(key, Readable.from([pdf]), { contentType: 'application/pdf' });
  }
  return storage.signedUrl(key, {
    ttlSeconds: DOCUMENT_LINK_SECONDS,
    filename: `${invoice.number}.pdf`,
  });
}

const hostedKey = (organisationId: string, invoiceId: string) =>
  `billing/hosted-invoices/${organisationId}/${invoiceId}`;

export const HOSTED_INVOICE_PATH = '/billing/hosted_invoices/:organisationId/:id';

/**
 * A link to a page showing the invoice: Stripe's hosted page, or ours (HOSTED_INVOICE_PATH),
 * signed like file links so whoever holds it may look for an hour, without signing in.
 */
export async function invoiceHostedUrl(
  scope: Scope,
  storage: FileStorage,
  publicApiUrl: string,
  invoiceId: string,
): Promise<string> {
  const invoice = await requireInvoice(scope, invoiceId);
  const external = await externalUrls(scope, invoiceId);
  if (external.hosted) return external.hosted;
  const signed = new URL(
    storage.signedUrl(hostedKey(scope.organisationId, invoice.id), {
      ttlSeconds: DOCUMENT_LINK_SECONDS,
    }),
  );
  const path = HOSTED_INVOICE_PATH.replace(':organisationId', scope.organisationId).replace(
    ':id',
    invoice.id,
  );
  return `${publicApiUrl}${path}?expires=${signed.searchParams.get('expires')}&signature=${signed.searchParams.get('signature')}`;
}

export const verifyHostedLink = (
  storage: FileStorage,
  organisationId: string,
  invoiceId: string,
  expires: string,
  signature: string,
) => storage.verify(hostedKey(organisationId, invoiceId), { expires, signature }) !== null;

export async function hostedInvoicePage(
  scope: Scope,
  storage: FileStorage,
  invoiceId: string,
): Promise<string> {
  const invoice = await requireInvoice(scope, invoiceId);
  return renderInvoicePage(
    invoice,
    await partiesOf(scope, invoice),
    await invoicePdfUrl(scope, storage, invoiceId),
  );
}
