// The billing feature's public face: what routes/ and other features use.
export { InvoiceStatusBadge } from './BillingBadges';
export { Fact } from './Fact';
export { CheckoutPanels } from './CheckoutPanels';
export { InvoicesTable } from './InvoicesPage';
export { PaymentMethodForm } from './PaymentMethodForm';
export { PriceLines } from './PriceLines';
export { SeatsInput } from './SeatsInput';
export {
  billingApi,
  useBillingDetails,
  useInvoices,
  usePreviewSeats,
  useReloadPlan,
  useSeatsOverview,
  useSubscribe,
  useSubscriptionSummary,
  useUpdateSeats,
} from './billing-api';
export { openInvoiceLink } from './invoice-links';
export { formatMoney, seatCount } from './money';
export { usePendingCheckoutInput } from './pending-input';
export { minimumSeats, monthlyPrice, seatsProblem } from './seat-price';
