import type {
  UpdatePaymentMethodBody,
  BillingDetails,
  BillingDetailsUpdate,
  CreditNote,
  Invoice,
  Price,
  SeatChangePreview,
  SeatChangeResult,
  SeatsOverview,
  SubscribeResult,
  SubscriptionSummary,
  UpdatePaymentMethodResult,
} from '@fieldwork/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery, ListResponse } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceQueryKey } from '../../api/resource-hooks';
import { SESSION_CONTEXT_QUERY_KEY } from '../../app/session/use-session-context';
import { useSession } from '../../session/use-session';

/**
 * The account and billing calls of spec/platform.md §7 as docs/billing.md answers them. Every
 * billing query lives under one key per organisation, so a change reloads all of them.
 */

/** POST /update_payment_method's body (the local ledger's test card; Stripe ignores it). */
export type CardInput = UpdatePaymentMethodBody;

const unwrap = async <T>(pending: Promise<{ data: T }>): Promise<T> => (await pending).data;
const invoiceUrl = (id: string, kind: 'pdf_url' | 'hosted_url') =>
  `/invoices/${encodeURIComponent(id)}/${kind}`;

export const billingApi = {
  prices: () =>
    unwrap(request<{ data: Price[] }>({ method: 'get', url: '/prices', client: 'core' })),
  seatsOverview: () =>
    unwrap(request<{ data: SeatsOverview }>({ method: 'get', url: '/seats_overview' })),
  billingDetails: () =>
    unwrap(request<{ data: BillingDetails }>({ method: 'get', url: '/stripe_billing_data' })),
  saveBillingDetails: (body: BillingDetailsUpdate) =>
    unwrap(request<{ data: BillingDetails }>({ method: 'put', url: '/stripe_billing_data', body })),
  subscription: () =>
    unwrap(
      request<{ data: SubscriptionSummary | null }>({
        method: 'get',
        url: '/stripe_subscription_data',
      }),
    ),
  previewSeats: (seats: number) =>
    unwrap(
      request<{ data: SeatChangePreview }>({
        method: 'post',
        url: '/preview_update_seats',
        body: { seats },
      }),
    ),
  updateSeats: (seats: number) =>
    unwrap(
      request<{ data: SeatChangeResult }>({
        method: 'post',
        url: '/update_seats',
        body: { seats },
      }),
    ),
  subscribe: (seats: number, newFlow: boolean) =>
    request<SubscribeResult>({ method: 'post', url: '/subscribe', body: { seats, newFlow } }),
  updatePaymentMethod: (card: CardInput) =>
    request<UpdatePaymentMethodResult>({
      method: 'post',
      url: '/update_payment_method',
      body: card,
    }),
  validateCheckoutSession: (sessionId: string) =>
    request<{ data: unknown }>({
      method: 'post',
      url: '/validate_checkout_session',
      body: { session_id: sessionId },
    }),
  invoices: (query: ListQuery) =>
    request<ListResponse<Invoice>>({ method: 'get', url: '/invoices', query }),
  creditNotes: (query: ListQuery) =>
    request<ListResponse<CreditNote>>({ method: 'get', url: '/credit_notes', query }),
  invoiceLink: async (id: string, kind: 'pdf' | 'hosted') =>
    (await request<{ url: string }>({ method: 'get', url: invoiceUrl(id, `${kind}_url`) })).url,
  payInvoice: (id: string) =>
    unwrap(
      request<{ data: Invoice }>({
        method: 'post',
        url: `/invoices/${encodeURIComponent(id)}/pay`,
      }),
    ),
};

function useBillingKey() {
  const { organisationId } = useSession();
  return resourceQueryKey(organisationId, 'billing');
}

export function usePrices() {
  return useQuery({ queryKey: ['prices'], queryFn: billingApi.prices, staleTime: 5 * 60_000 });
}

export function useSeatsOverview() {
  return useQuery({ queryKey: [...useBillingKey(), 'seats'], queryFn: billingApi.seatsOverview });
}

export function useBillingDetails() {
  return useQuery({
    queryKey: [...useBillingKey(), 'details'],
    queryFn: billingApi.billingDetails,
  });
}

export function useSubscriptionSummary() {
  return useQuery({
    queryKey: [...useBillingKey(), 'subscription'],
    queryFn: billingApi.subscription,
  });
}

export function useInvoices(query: ListQuery) {
  return useQuery({
    queryKey: [...useBillingKey(), 'invoices', query],
    queryFn: () => billingApi.invoices(query),
    placeholderData: keepPreviousData,
  });
}

export function useCreditNotes(query: ListQuery) {
  return useQuery({
    queryKey: [...useBillingKey(), 'credit-notes', query],
    queryFn: () => billingApi.creditNotes(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * A billing change: on success every billing query reloads, and with `reloadPlan` the session
 * context too (the organisation's plan lives there, and the plan gate reads it).
 */
function useBillingMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { reloadPlan }: { reloadPlan: boolean },
) {
  const queryClient = useQueryClient();
  const key = useBillingKey();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        reloadPlan && queryClient.invalidateQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY }),
      ]),
  });
}

export const useSaveBillingDetails = () =>
  useBillingMutation(billingApi.saveBillingDetails, { reloadPlan: false });

/** A new card also pays the open invoices, which may end an overdue state. */
export const useUpdatePaymentMethod = () =>
  useBillingMutation(billingApi.updatePaymentMethod, { reloadPlan: true });

export const useUpdateSeats = () =>
  useBillingMutation(billingApi.updateSeats, { reloadPlan: true });

export const usePayInvoice = () => useBillingMutation(billingApi.payInvoice, { reloadPlan: true });

/** Nothing changes on the server: the preview is kept by the page, not the cache. */
export const usePreviewSeats = () => useMutation({ mutationFn: billingApi.previewSeats });

/**
 * Subscribing leaves the plan as it was in the session until the success page moves on: the plan
 * gate would otherwise send the owner away from signup before the confirmation shows.
 */
export const useSubscribe = () =>
  useBillingMutation(
    ({ seats, newFlow }: { seats: number; newFlow: boolean }) =>
      billingApi.subscribe(seats, newFlow),
    { reloadPlan: false },
  );

/** Reloads the session context, so the plan gate and the shell see the plan as it is now. */
export function useReloadPlan() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSION_CONTEXT_QUERY_KEY });
}
