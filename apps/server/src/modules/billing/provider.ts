import type {
  BillingDetails,
  BillingProviderKind,
  Invoice,
  Payment,
  Price,
  SeatChangePreview,
  SeatChangeResult,
  SubscribeResult,
  Subscription,
  UpdatePaymentMethodResult,
} from '@fieldwork/contract';
import type { Scope } from './accounts';

export type { Scope };

/** What an organisation route hands a provider: its scope plus where to send people back to. */
export interface BillingScope extends Scope {
  /** The web app's address of this organisation, e.g. https://app/organisations/acme. */
  organisationWebUrl: string;
}

export interface BillingDetailsInput {
  name: string;
  email: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    postal_code: string;
    country: string;
  };
  tax: { type: string; value: string } | null;
}

export interface CardInput {
  card_number?: string;
  exp_month?: number;
  exp_year?: number;
}

/**
 * One billing interface, two implementations (docs/billing.md): the embedded local ledger and
 * Stripe. Plan state is always read from our own tables; providers keep those tables true.
 * Every method runs inside the request's transaction with the organisation in scope.
 */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** The seat price list. */
  prices(): Promise<Price[]>;
  /** Brings the organisation's billing up to its clock (local: renewals and their charges). */
  sync(scope: BillingScope): Promise<void>;
  billingDetails(scope: BillingScope): Promise<BillingDetails>;
  updateBillingDetails(scope: BillingScope, input: BillingDetailsInput): Promise<BillingDetails>;
  subscribe(
    scope: BillingScope,
    input: { seats: number; newFlow: boolean },
  ): Promise<SubscribeResult>;
  previewSeats(scope: BillingScope, seats: number): Promise<SeatChangePreview>;
  updateSeats(scope: BillingScope, seats: number): Promise<SeatChangeResult>;
  updatePaymentMethod(scope: BillingScope, card: CardInput): Promise<UpdatePaymentMethodResult>;
  validateCheckoutSession(scope: BillingScope, sessionId: string): Promise<Subscription>;
  /** Charges an open invoice now; the answer says whether the payment went through. */
  payInvoice(
    scope: BillingScope,
    invoiceId: string,
  ): Promise<{ invoice: Invoice; payment: Payment | null }>;
  /** Where the customer manages billing details and payment methods. */
  portalUrl(scope: BillingScope): Promise<string>;
}
