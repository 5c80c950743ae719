import { billingApi } from './billing-api';

/**
 * Opens an invoice's PDF or hosted page in a new tab. The tab is opened while the click is still
 * being handled (browsers block tabs opened later), then sent to the signed link once it is known.
 */
export async function openInvoiceLink(invoiceId: string, kind: 'pdf' | 'hosted'): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await billingApi.invoiceLink(invoiceId, kind);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
