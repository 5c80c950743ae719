import {
  billingDetailsSchema,
  billingDetailsUpdateSchema,
  creditNoteSchema,
  idSchema,
  invoiceSchema,
  ledgerAdvanceBodySchema,
  ledgerFailBodySchema,
  ledgerStateSchema,
  organisationSchema,
  paymentSchema,
  planSupportUpdateSchema,
  priceSchema,
  seatChangePreviewSchema,
  seatChangeResultSchema,
  seatsBodySchema,
  seatsOverviewSchema,
  subscribeBodySchema,
  subscribeResultSchema,
  subscriptionSchema,
  subscriptionSummarySchema,
  updatePaymentMethodBodySchema,
  updatePaymentMethodResultSchema,
  urlAnswerSchema,
  validateCheckoutSessionBodySchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, StreamedBody, type RouteDef } from '../../platform/http/route';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader, listEnvelope } from '../../platform/resource-kit';
import { filterNames, sortNames, sumNames } from '../../platform/resource-kit';
import { organisationReader } from '../../platform/organisation-reader';
import { lockAccount } from './accounts';
import {
  HOSTED_INVOICE_PATH,
  hostedInvoicePage,
  invoiceHostedUrl,
  invoicePdfUrl,
  verifyHostedLink,
} from './documents';
import { advanceClock, failNextPayments, ledgerState } from './ledger/ledger';
import type { BillingScope } from './provider';
import { billingProvider } from './providers';
import { creditNotesResource, invoicesResource } from './records';
import { seatsOverview } from './seats';
import { handleStripeWebhook } from './stripe/webhooks';
import { subscriptionSummary } from './summary';

const tags = ['Billing'];
const READ = { access: 'organisation', minRole: 'ADMIN' } as const;
const OWNER = { access: 'organisation', minRole: 'ADMIN', ownerOnly: true } as const;
const idParams = z.object({ id: idSchema });

async function scopeOf(ctx: OrganisationContext): Promise<BillingScope> {
  const { rows } = await ctx.db.query<{ slug: string }>(
    'SELECT slug FROM organisations WHERE id = $1',
    [ctx.organisationId],
  );
  return {
    db: ctx.db,
    organisationId: ctx.organisationId,
    organisationWebUrl: `${ctx.services.config.publicWebUrl}/organisations/${rows[0]?.slug ?? ctx.organisationId}`,
  };
}

/** A provider with the organisation's billing brought up to its clock. */
async function synced(ctx: OrganisationContext) {
  const provider = billingProvider(ctx.services.config);
  const scope = await scopeOf(ctx);
  await provider.sync(scope);
  return { provider, scope };
}

const invoices = reader(invoicesResource);
async function* once(text: string) {
  yield text;
}
const creditNotes = reader(creditNotesResource);

function devToolsOnly(ctx: OrganisationContext) {
  if (ctx.services.config.environment === 'production') throw notFound('Route');
  if (billingProvider(ctx.services.config).kind !== 'local') throw notFound('Route');
}

export const billingRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/prices',
    access: 'user',
    tags,
    summary: 'The seat price list',
    response: z.object({ data: z.array(priceSchema) }),
    handler: async (ctx) => ({ data: await billingProvider(ctx.services.config).prices() }),
  }),
  route({
    method: 'POST',
    path: '/webhooks/stripe',
    access: 'public',
    rawBody: true,
    tags,
    summary: 'Stripe webhook: signed events update subscriptions and invoices, once per event id',
    body: z.string().describe('The Stripe event exactly as sent; Stripe-Signature covers it'),
    response: z.object({ received: z.boolean(), duplicate: z.boolean() }),
    handler: async (ctx, { body, headers }) => handleStripeWebhook(ctx, body, headers),
  }),
  route({
    method: 'GET',
    path: HOSTED_INVOICE_PATH,
    access: 'public',
    tags,
    summary: 'The hosted invoice page (HTML) behind a signed link from /invoices/{id}/hosted_url',
    status: 200,
    params: z.object({ organisationId: idSchema, id: idSchema }),
    query: z.object({ expires: z.string(), signature: z.string() }),
    handler: async (ctx, { params, query }) => {
      if (
        !verifyHostedLink(
          ctx.services.storage,
          params.organisationId,
          params.id,
          query.expires,
          query.signature,
        )
      ) {
        throw notFound('Invoice', 'link_invalid_or_expired');
      }
      // The signature names the organisation: its scope for reading this invoice only.
      await ctx.db.query(`SELECT set_config('app.organisation_id', $1, true)`, [
        params.organisationId,
      ]);
      const page = await hostedInvoicePage(
        { db: ctx.db, organisationId: params.organisationId },
        ctx.services.storage,
        params.id,
      );
      // The page styles itself inline; nothing else may load or run on it.
      return new StreamedBody('text/html; charset=utf-8', once(page), {
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      });
    },
  }),
  route({
    method: 'PUT',
    path: '/support/organisations/:id/plan',
    access: 'user',
    supportOnly: true,
    tags,
    summary: 'Support staff: waive the plan, ignore overdue invoices until a date, name a CSM',
    params: idParams,
    body: planSupportUpdateSchema,
    response: z.object({ organisation: organisationSchema }),
    handler: async (ctx, { params, body }) => {
      const { rows } = await ctx.db.query('SELECT 1 FROM organisations WHERE id = $1', [params.id]);
      if (!rows.length) throw notFound('Organisation');
      await ctx.db.query(`SELECT set_config('app.organisation_id', $1, true)`, [params.id]);
      const scope = { db: ctx.db, organisationId: params.id };
      await lockAccount(scope);
      const orgCtx: OrganisationContext = {
        ...ctx,
        organisationId: params.id,
        membership: { id: null, role: 'ADMIN', owner: false, guest: false },
      };
      const organisationBefore = await readBeforeImages(orgCtx, 'organisations', [params.id]);
      const accountBefore = await readBeforeImages(
        orgCtx,
        'billing_accounts',
        [params.id],
        'organisation_id',
      );
      const before = new Map([
        [
          params.id,
          {
            organisation: organisationBefore.get(params.id),
            billing_account: accountBefore.get(params.id),
          },
        ],
      ]);
      if (body.waived !== undefined) {
        await ctx.db.query(
          'UPDATE organisations SET waived = $2, updated_at = now() WHERE id = $1',
          [params.id, body.waived],
        );
      }
      if (body.overdue_ignored_until !== undefined) {
        await ctx.db.query(
          `UPDATE billing_accounts SET overdue_ignored_until = $2, updated_at = now() WHERE organisation_id = $1`,
          [params.id, body.overdue_ignored_until],
        );
      }
      if (body.customer_success_manager !== undefined) {
        await ctx.db.query(
          `UPDATE billing_accounts SET customer_success_manager = $2, updated_at = now() WHERE organisation_id = $1`,
          [
            params.id,
            body.customer_success_manager ? JSON.stringify(body.customer_success_manager) : null,
          ],
        );
      }
      await recordAudit(orgCtx, 'organisations', [params.id], 'UPDATE_PLAN_SUPPORT', body, before);
      const [organisation] = await organisationReader.get()(ctx.db, [params.id]);
      return { organisation: organisation! };
    },
  }),

  route({
    ...READ,
    method: 'GET',
    path: '/seats_overview',
    tags,
    summary: 'Seats: total, used (active non-guest members), available',
    response: z.object({ data: seatsOverviewSchema }),
    handler: async (ctx) => {
      const { scope } = await synced(ctx);
      return { data: await seatsOverview(scope) };
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/stripe_billing_data',
    tags,
    summary: 'Billing details: name, e-mail, address, tax id, payment method',
    response: z.object({ data: billingDetailsSchema }),
    handler: async (ctx) => {
      const provider = billingProvider(ctx.services.config);
      return { data: await provider.billingDetails(await scopeOf(ctx)) };
    },
  }),
  route({
    ...OWNER,
    method: 'PUT',
    path: '/stripe_billing_data',
    tags,
    summary: 'Change the billing details (owner)',
    body: billingDetailsUpdateSchema,
    response: z.object({ data: billingDetailsSchema }),
    handler: async (ctx, { body }) => {
      const provider = billingProvider(ctx.services.config);
      const before = await readBeforeImages(
        ctx,
        'billing_accounts',
        [ctx.organisationId],
        'organisation_id',
      );
      const data = await provider.updateBillingDetails(await scopeOf(ctx), {
        ...body,
        address: { ...body.address, line2: body.address.line2 ?? null },
      });
      const changes = { name: body.name, email: body.email };
      await recordAudit(ctx, 'billing_accounts', [ctx.organisationId], 'UPDATE', changes, before);
      return { data };
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/stripe_subscription_data',
    tags,
    summary: 'The subscription summary (null without a subscription)',
    response: z.object({ data: subscriptionSummarySchema.nullable() }),
    handler: async (ctx) => {
      const { scope } = await synced(ctx);
      return { data: await subscriptionSummary(scope) };
    },
  }),
  route({
    ...READ,
    method: 'POST',
    path: '/preview_update_seats',
    tags,
    summary: 'What changing the seats would charge or credit now; nothing changes',
    body: seatsBodySchema,
    response: z.object({ data: seatChangePreviewSchema }),
    handler: async (ctx, { body }) => {
      const { provider, scope } = await synced(ctx);
      return { data: await provider.previewSeats(scope, body.seats) };
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/update_seats',
    tags,
    summary: 'Change the seats (owner): more are invoiced prorated, fewer credited',
    body: seatsBodySchema,
    response: z.object({ data: seatChangeResultSchema }),
    handler: async (ctx, { body }) => {
      const { provider, scope } = await synced(ctx);
      const data = await provider.updateSeats(scope, body.seats);
      await recordAudit(ctx, 'subscriptions', [data.subscription.id], 'UPDATE_SEATS', {
        seats: body.seats,
      });
      return { data };
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/subscribe',
    tags,
    summary: 'Start the subscription (owner): local ledger at once, Stripe through checkout',
    body: subscribeBodySchema,
    response: subscribeResultSchema,
    handler: async (ctx, { body }) => {
      const { provider, scope } = await synced(ctx);
      const result = await provider.subscribe(scope, {
        seats: body.seats,
        newFlow: body.newFlow ?? false,
      });
      if (result.data) {
        await recordAudit(ctx, 'subscriptions', [result.data.id], 'CREATE', { seats: body.seats });
      }
      return result;
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/update_payment_method',
    tags,
    summary: 'Change the card (owner): local test card, or a Stripe portal link',
    body: updatePaymentMethodBodySchema.optional(),
    response: updatePaymentMethodResultSchema,
    handler: async (ctx, { body }) => {
      const provider = billingProvider(ctx.services.config);
      const result = await provider.updatePaymentMethod(await scopeOf(ctx), body ?? {});
      if (result.data) {
        await recordAudit(ctx, 'billing_accounts', [ctx.organisationId], 'UPDATE_PAYMENT_METHOD', {
          brand: result.data.payment_method?.brand ?? null,
          last4: result.data.payment_method?.last4 ?? null,
        });
      }
      return result;
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/validate_checkout_session',
    tags,
    summary: 'Record the subscription of a completed Stripe checkout (owner)',
    body: validateCheckoutSessionBodySchema,
    response: z.object({ data: subscriptionSchema }),
    handler: async (ctx, { body }) => {
      const provider = billingProvider(ctx.services.config);
      const data = await provider.validateCheckoutSession(await scopeOf(ctx), body.session_id);
      await recordAudit(ctx, 'subscriptions', [data.id], 'COMPLETE_CHECKOUT', null);
      return { data };
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/invoices',
    tags,
    summary: 'List invoices (newest first)',
    list: {
      filters: filterNames(invoicesResource),
      sorts: sortNames(invoicesResource),
      expands: Object.keys(invoicesResource.expand ?? {}),
      sums: sumNames(invoicesResource),
    },
    response: listEnvelope(invoiceSchema),
    handler: async (ctx, { search }) => {
      await synced(ctx);
      const query = parseListQuery(search);
      return query.page.all
        ? new StreamedBody('application/json; charset=utf-8', invoices.streamList(ctx, query))
        : invoices.list(ctx, query);
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/invoices/:id',
    tags,
    summary: 'One invoice (expand[]=payments for its payment attempts)',
    params: idParams,
    response: z.object({
      data: invoiceSchema.extend({ payments: z.array(paymentSchema).optional() }),
    }),
    handler: async (ctx, { params, search }) => {
      await synced(ctx);
      const [row] = await invoices.findMany(ctx, [params.id]);
      if (!row) throw notFound('Invoice');
      const [data] = await invoices.expandRows(ctx, [row], parseListQuery(search).expand);
      return { data };
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/invoices/:id/pdf_url',
    tags,
    summary: 'A signed link (1 hour) to the invoice as a PDF',
    params: idParams,
    response: urlAnswerSchema,
    handler: async (ctx, { params }) => {
      const { scope } = await synced(ctx);
      return { url: await invoicePdfUrl(scope, ctx.services.storage, params.id) };
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/invoices/:id/hosted_url',
    tags,
    summary: 'A link to a page showing the invoice (signed, 1 hour)',
    params: idParams,
    response: urlAnswerSchema,
    handler: async (ctx, { params }) => {
      const { scope } = await synced(ctx);
      return {
        url: await invoiceHostedUrl(
          scope,
          ctx.services.storage,
          ctx.services.config.publicApiUrl,
          params.id,
        ),
      };
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/invoices/:id/pay',
    tags,
    summary: 'Charge an open invoice to the card on file now (owner)',
    params: idParams,
    response: z.object({ data: invoiceSchema, payment: paymentSchema.nullable() }),
    handler: async (ctx, { params }) => {
      const { provider, scope } = await synced(ctx);
      const { invoice, payment } = await provider.payInvoice(scope, params.id);
      await recordAudit(ctx, 'invoices', [invoice.id], 'PAY', {
        status: invoice.status,
        payment: payment?.status ?? null,
      });
      return { data: invoice, payment };
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/credit_notes',
    tags,
    summary: 'List credit notes (newest first)',
    list: {
      filters: filterNames(creditNotesResource),
      sorts: sortNames(creditNotesResource),
      expands: [],
      sums: sumNames(creditNotesResource),
    },
    response: listEnvelope(creditNoteSchema),
    handler: async (ctx, { search }) => {
      await synced(ctx);
      const query = parseListQuery(search);
      return query.page.all
        ? new StreamedBody('application/json; charset=utf-8', creditNotes.streamList(ctx, query))
        : creditNotes.list(ctx, query);
    },
  }),
  route({
    ...READ,
    method: 'GET',
    path: '/credit_notes/:id',
    tags,
    summary: 'One credit note',
    params: idParams,
    response: z.object({ data: creditNoteSchema }),
    handler: async (ctx, { params }) => {
      const [data] = await creditNotes.findMany(ctx, [params.id]);
      if (!data) throw notFound('Credit note');
      return { data };
    },
  }),

  route({
    ...OWNER,
    method: 'GET',
    path: '/billing/ledger',
    accessNote: 'Local ledger development tool; not in production',
    tags,
    summary: "The local ledger's clock and failing payments (development tool)",
    response: z.object({ data: ledgerStateSchema }),
    handler: async (ctx) => {
      devToolsOnly(ctx);
      return { data: await ledgerState(await scopeOf(ctx)) };
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/billing/ledger/fail_next_payment',
    accessNote: 'Local ledger development tool; not in production',
    tags,
    summary: 'Make the next payments fail (development tool)',
    body: ledgerFailBodySchema.optional(),
    response: z.object({ data: ledgerStateSchema }),
    handler: async (ctx, { body }) => {
      devToolsOnly(ctx);
      return { data: await failNextPayments(await scopeOf(ctx), body?.count ?? 1) };
    },
  }),
  route({
    ...OWNER,
    method: 'POST',
    path: '/billing/ledger/advance',
    accessNote: 'Local ledger development tool; not in production',
    tags,
    summary: "Move the organisation's ledger clock on, then renew and charge (development tool)",
    body: ledgerAdvanceBodySchema,
    response: z.object({ data: ledgerStateSchema }),
    handler: async (ctx, { body }) => {
      devToolsOnly(ctx);
      const scope = await scopeOf(ctx);
      await advanceClock(scope, body.days);
      await billingProvider(ctx.services.config).sync(scope);
      return { data: await ledgerState(scope) };
    },
  }),
];
