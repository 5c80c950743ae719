import type { Invoice } from '@fieldwork/contract';
import {
  customerLines,
  formatDate,
  formatMoney,
  invoiceTotals,
  ISSUER,
  type InvoiceParties,
} from './invoices-pdf';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The local ledger's hosted invoice page: a self-contained HTML view of one invoice. */
export function renderInvoicePage(
  invoice: Invoice,
  parties: InvoiceParties,
  pdfUrl: string,
): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, invoice.currency));
  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${line.quantity}</td>` +
        `<td class="n">${money(line.unit_amount)}</td><td class="n">${money(line.amount)}</td></tr>`,
    )
    .join('');
  const totals = invoiceTotals(invoice, parties);
  const creditNotes = invoice.credit_notes.length
    ? `<p>Credit notes: ${invoice.credit_notes
        .map((note) => `${escapeHtml(note.number)} (${money(note.total)})`)
        .join(', ')}</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Invoice ${escapeHtml(invoice.number)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
.n{text-align:right}.status{display:inline-block;padding:.1rem .5rem;border-radius:4px;background:#eee;text-transform:uppercase;font-size:.8rem}
.open{background:#fff3cd}.paid{background:#d1e7dd}.void{background:#e2e3e5}header{display:flex;justify-content:space-between}
</style>
</head>
<body>
<header>
<div><h1>Invoice ${escapeHtml(invoice.number)}</h1>
<span class="status ${invoice.status}">${escapeHtml(invoice.status)}</span></div>
<address>${[ISSUER.name, ...ISSUER.lines, `VAT ${ISSUER.vat}`].map(escapeHtml).join('<br>')}</address>
</header>
<h2>Billed to</h2>
<address>${customerLines(parties).map(escapeHtml).join('<br>')}</address>
<p>Date ${escapeHtml(formatDate(invoice.date))} · Due ${escapeHtml(formatDate(invoice.due_date))} ·
Period ${escapeHtml(formatDate(invoice.period_start))} – ${escapeHtml(formatDate(invoice.period_end))}</p>
<table>
<thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Unit</th><th class="n">Amount</th></tr></thead>
<tbody>${lines}</tbody>
<tfoot>${totals
    .map(
      ([label, amount]) =>
        `<tr><th colspan="3" class="n">${escapeHtml(label)}</th><td class="n">${money(amount)}</td></tr>`,
    )
    .join('')}</tfoot>
</table>
${creditNotes}
<p><a href="${escapeHtml(pdfUrl)}">Download PDF</a></p>
</body>
</html>
`;
}
