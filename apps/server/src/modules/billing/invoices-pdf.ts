import type { BillingDetails, Invoice } from '@fieldwork/contract';
import PDFDocument from 'pdfkit';

/** What an invoice document shows besides the invoice itself. */
export interface InvoiceParties {
  organisationName: string;
  billing: BillingDetails;
  taxRatePercentage: number;
}

export const ISSUER = {
  name: 'Fieldwork Ltd',
  lines: ['1 Example Street', 'London EC1A 1AA', 'United Kingdom'],
  vat: 'GB123456789',
};

/** £1,234.56 from minor units. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(minor / 100);
}

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** The invoice's totals block, label and amount, in the order both documents show it. */
export function invoiceTotals(invoice: Invoice, parties: InvoiceParties): Array<[string, number]> {
  return [
    ['Subtotal', invoice.sub_total],
    [`VAT (${parties.taxRatePercentage}%)`, invoice.tax],
    ['Total', invoice.total],
    ...(invoice.amount_credited
      ? [['Credited', -invoice.amount_credited] as [string, number]]
      : []),
    ['Paid', -invoice.amount_paid],
    ['Amount due', invoice.amount_remaining],
  ];
}

/** The address lines of the customer, without blanks. */
export function customerLines(parties: InvoiceParties): string[] {
  const { billing } = parties;
  const address = billing.address;
  return [
    billing.name ?? parties.organisationName,
    ...(billing.name && billing.name !== parties.organisationName
      ? [parties.organisationName]
      : []),
    address.line1,
    address.line2,
    [address.city, address.postal_code].filter(Boolean).join(' '),
    address.country,
    billing.email,
    billing.tax
      ? `${billing.tax.type.replace('_', ' ').toUpperCase()}: ${billing.tax.value}`
      : null,
  ].filter((line): line is string => Boolean(line));
}

/** Renders an invoice as a PDF (A4, pdfkit's built-in Helvetica), answered as one buffer. */
export function renderInvoicePdf(invoice: Invoice, parties: InvoiceParties): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: ISSUER.name,
      Subject: `Invoice ${invoice.number} for ${parties.organisationName}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(20).text('Invoice', left, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(ISSUER.name, left, 50, { width, align: 'right' });
  for (const line of [...ISSUER.lines, `VAT ${ISSUER.vat}`])
    doc.text(line, { width, align: 'right' });

  doc.moveDown(2);
  const top = doc.y;
  doc.font('Helvetica-Bold').text('Billed to', left, top);
  doc.font('Helvetica');
  for (const line of customerLines(parties)) doc.text(line, left);
  const facts: Array<[string, string]> = [
    ['Invoice number', invoice.number],
    ['Date', formatDate(invoice.date)],
    ['Due', formatDate(invoice.due_date)],
    ['Period', `${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}`],
    ['Status', invoice.status.toUpperCase()],
  ];
  let y = top;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(label, left + width / 2, y, { width: 100 });
    doc.font('Helvetica').text(value, left + width / 2 + 100, y, { width: width / 2 - 100 });
    y = doc.y + 2;
  }
  doc.y = Math.max(doc.y, y) + 20;

  const columns = { description: left, quantity: left + 300, unit: left + 350, amount: right - 90 };
  const header = doc.y;
  doc.font('Helvetica-Bold');
  doc.text('Description', columns.description, header, { width: 290 });
  doc.text('Qty', columns.quantity, header, { width: 40, align: 'right' });
  doc.text('Unit', columns.unit, header, { width: 90, align: 'right' });
  doc.text('Amount', columns.amount, header, { width: 90, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .stroke();
  doc.font('Helvetica');
  let row = doc.y + 10;
  for (const line of invoice.lines) {
    doc.text(line.description, columns.description, row, { width: 290 });
    const next = doc.y;
    doc.text(String(line.quantity), columns.quantity, row, { width: 40, align: 'right' });
    doc.text(money(line.unit_amount), columns.unit, row, { width: 90, align: 'right' });
    doc.text(money(line.amount), columns.amount, row, { width: 90, align: 'right' });
    row = Math.max(next, doc.y) + 6;
  }
  doc.moveTo(left, row).lineTo(right, row).stroke();
  row += 10;
  const totals = invoiceTotals(invoice, parties);
  for (const [label, amount] of totals) {
    const bold = label === 'Total' || label === 'Amount due';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, columns.unit - 100, row, { width: 190, align: 'right' });
    doc.text(money(amount), columns.amount, row, { width: 90, align: 'right' });
    row = doc.y + 4;
  }
  if (invoice.credit_notes.length) {
    doc
      .font('Helvetica')
      .text(
        `Credit notes: ${invoice.credit_notes.map((note) => `${note.number} (${money(note.total)})`).join(', ')}`,
        left,
        row + 16,
        { width },
      );
  }
  doc
    .fontSize(8)
    .text(
      'Seats are billed monthly in advance and changes are prorated to the day.',
      left,
      doc.page.height - 80,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}
