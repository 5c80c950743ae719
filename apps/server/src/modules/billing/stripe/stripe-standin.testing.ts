import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * TEST SCAFFOLDING, never product code: a small HTTP server standing in for api.stripe.com, so
 * the official client can be pointed at it (STRIPE_API_URL) and the Stripe provider tested
 * end to end. It keeps customers, checkout sessions, subscriptions and invoices in memory and
 * answers the handful of endpoints the provider calls, in Stripe's shapes (form-encoded requests,
 * JSON answers, `{error}` bodies). `requests` records every call for assertions.
 */

type Json = Record<string, unknown>;
const DAY = 86_400;
const UNIT_AMOUNT = 3600;
const TAX_PERCENT = 20;

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  query: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Completes a checkout session as a customer paying on Stripe's page would. */
  completeCheckout(sessionId: string): { subscription: Json; invoice: Json };
  /** A renewal invoice for a subscription, open (its payment failed) or paid. */
  renewalInvoice(subscriptionId: string, paid: boolean): Json;
  /** Makes invoices/:id/pay answer a card error. */
  failPayments: boolean;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  let counter = 0;
  const id = (prefix: string) => `${prefix}_test${String(++counter).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const taxIds = new Map<string, Json[]>();
  const requests: RecordedRequest[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  let invoiceNumber = 0;

  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '' });
  const tax = (amount: number) => Math.round((amount * TAX_PERCENT) / 100);

  function line(
    description: string,
    quantity: number,
    amount: number,
    start: number,
    end: number,
    proration: boolean,
  ): Json {
    return {
      id: id('il'),
      object: 'line_item',
      amount,
      currency: 'gbp',
      description,
      quantity,
      period: { start, end },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { proration, subscription: null, subscription_item: 'si' },
      },
    };
  }

  function invoice(
    subscription: Json,
    lines: Json[],
    reason: string,
    paid: boolean,
    customer: string,
  ): Json {
    const subtotal = lines.reduce((sum, entry) => sum + (entry.amount as number), 0);
    const total = subtotal + (subtotal > 0 ? tax(subtotal) : 0);
    const due = Math.max(0, total);
    const created = now();
    const paidNow = paid || due === 0;
    const inv: Json = {
      id: id('in'),
      object: 'invoice',
      number: `STANDIN-${String(++invoiceNumber).padStart(4, '0')}`,
      customer,
      status: paidNow ? 'paid' : 'open',
      billing_reason: reason,
      created,
      due_date: null,
      period_start: created,
      period_end: created,
      currency: 'gbp',
      subtotal,
      total,
      total_taxes: subtotal > 0 ? [{ amount: tax(subtotal) }] : [],
      amount_due: due,
      amount_paid: paidNow ? due : 0,
      amount_remaining: paidNow ? 0 : due,
      pre_payment_credit_notes_amount: 0,
      status_transitions: { finalized_at: created, paid_at: paidNow ? created : null },
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceNumber}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${invoiceNumber}/pdf`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
      lines: list(lines),
      last_finalization_error: null,
    };
    invoices.set(inv.id as string, inv);
    subscription.latest_invoice = inv.id;
    return inv;
  }

  const itemOf = (subscription: Json) =>
    ((subscription.items as Json).data as Json[])[0] as Json & {
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    };

  function expanded(subscription: Json, request: RecordedRequest): Json {
    const asked = [...request.query.values(), ...Object.values(request.form)];
    const wantsInvoice = asked.some((value) => value.endsWith('latest_invoice'));
    return wantsInvoice && typeof subscription.latest_invoice === 'string'
      ? { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice) }
      : subscription;
  }

  function customerView(customer: Json): Json {
    const methodId = (customer.invoice_settings as Json).default_payment_method;
    return {
      ...customer,
      invoice_settings: {
        default_payment_method: methodId
          ? {
              id: methodId,
              object: 'payment_method',
              type: 'card',
              card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 },
            }
          : null,
      },
      tax_ids: list(taxIds.get(customer.id as string) ?? []),
    };
  }

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  function handle(request: RecordedRequest): { status: number; body: unknown } {
    const { method, path, form, query } = request;
    const parts = path.split('/').filter(Boolean).slice(1); // drop "v1"
    const [resource, first, second, third] = parts;

    if (resource === 'prices' && method === 'GET') {
      return {
        status: 200,
        body: {
          id: first,
          object: 'price',
          unit_amount: UNIT_AMOUNT,
          unit_amount_decimal: String(UNIT_AMOUNT),
          currency: 'gbp',
          recurring: { interval: 'month' },
          product: { id: 'prod_seat', object: 'product', name: 'Fieldwork seat (Stripe)' },
        },
      };
    }

    if (resource === 'customers') {
      if (!first && method === 'POST') {
        const customer: Json = {
          id: id('cus'),
          object: 'customer',
          name: form.name ?? null,
          email: form.email ?? null,
          address: null,
          metadata: { organisation_id: form['metadata[organisation_id]'] },
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id as string, customer);
        return { status: 200, body: customerView(customer) };
      }
      const customer = customers.get(first ?? '');
      if (!customer)
        return error(404, 'invalid_request_error', 'No such customer', 'resource_missing');
      if (second === 'tax_ids') {
        const ids = taxIds.get(customer.id as string) ?? [];
        if (method === 'GET') return { status: 200, body: list(ids) };
        if (method === 'DELETE') {
          taxIds.set(
            customer.id as string,
            ids.filter((entry) => entry.id !== third),
          );
          return { status: 200, body: { id: third, object: 'tax_id', deleted: true } };
        }
        if (!/^GB\d{9}$/.test(form.value ?? '')) {
          return error(400, 'invalid_request_error', 'Invalid value for gb_vat.', 'tax_id_invalid');
        }
        const taxId = {
          id: id('txi'),
          object: 'tax_id',
          type: form.type,
          value: form.value,
          country: 'GB',
        };
        taxIds.set(customer.id as string, [...ids, taxId]);
        return { status: 200, body: taxId };
      }
      if (method === 'POST') {
        if (form.name !== undefined) customer.name = form.name;
        if (form.email !== undefined) customer.email = form.email;
        if (form['address[line1]'] !== undefined) {
          customer.address = {
            line1: form['address[line1]'],
            line2: form['address[line2]'] || null,
            city: form['address[city]'],
            postal_code: form['address[postal_code]'],
            country: form['address[country]'],
            state: null,
          };
        }
      }
      return { status: 200, body: customerView(customer) };
    }

    if (resource === 'checkout' && first === 'sessions') {
      if (!second && method === 'POST') {
        const session: Json = {
          id: id('cs'),
          object: 'checkout.session',
          url: '',
          status: 'open',
          mode: form.mode,
          customer: form.customer,
          client_reference_id: form.client_reference_id,
          metadata: { organisation_id: form['metadata[organisation_id]'] },
          quantity: Number(form['line_items[0][quantity]']),
          price: form['line_items[0][price]'],
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          subscription: null,
        };
        session.url = `https://checkout.stripe.test/c/pay/${session.id as string}`;
        sessions.set(session.id as string, session);
        return { status: 200, body: session };
      }
      const session = sessions.get(second ?? '');
      if (!session) {
        return error(404, 'invalid_request_error', 'No such checkout.session', 'resource_missing');
      }
      const wantsSubscription = [...query.values()].includes('subscription');
      const subscription =
        wantsSubscription && typeof session.subscription === 'string'
          ? expanded(subscriptions.get(session.subscription)!, request)
          : session.subscription;
      return { status: 200, body: { ...session, subscription } };
    }

    if (resource === 'subscriptions') {
      const subscription = subscriptions.get(first ?? '');
      if (!subscription) {
        return error(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
      }
      if (method === 'POST') {
        const item = itemOf(subscription);
        const quantity = Number(form['items[0][quantity]']);
        const start = item.current_period_start;
        const end = item.current_period_end;
        const remaining = (end - now()) / (end - start);
        const before = item.quantity;
        const unused = -Math.round(UNIT_AMOUNT * before * remaining);
        const added = Math.round(UNIT_AMOUNT * quantity * remaining);
        item.quantity = quantity;
        invoice(
          subscription,
          [
            line(`Unused time on ${before} × seat`, before, unused, now(), end, true),
            line(`Remaining time on ${quantity} × seat`, quantity, added, now(), end, true),
          ],
          'subscription_update',
          true,
          subscription.customer as string,
        );
      }
      return { status: 200, body: expanded(subscription, request) };
    }

    if (resource === 'invoices') {
      if (first === 'create_preview') {
        const subscription = subscriptions.get(form.subscription ?? '')!;
        const item = itemOf(subscription);
        const quantity = Number(form['subscription_details[items][0][quantity]']);
        const at = Number(form['subscription_details[proration_date]']);
        const end = item.current_period_end;
        const remaining = (end - at) / (end - item.current_period_start);
        const lines = [
          line(
            `Unused time on ${item.quantity} × seat`,
            item.quantity,
            -Math.round(UNIT_AMOUNT * item.quantity * remaining),
            at,
            end,
            true,
          ),
          line(
            `Remaining time on ${quantity} × seat`,
            quantity,
            Math.round(UNIT_AMOUNT * quantity * remaining),
            at,
            end,
            true,
          ),
        ];
        return { status: 200, body: { object: 'invoice', id: null, lines: list(lines), total: 0 } };
      }
      const inv = invoices.get(first ?? '');
      if (!inv) return error(404, 'invalid_request_error', 'No such invoice', 'resource_missing');
      if (second === 'pay') {
        if (standIn.failPayments) {
          return error(402, 'card_error', 'Your card was declined.', 'card_declined');
        }
        Object.assign(inv, {
          status: 'paid',
          amount_paid: inv.amount_due,
          amount_remaining: 0,
          status_transitions: { ...(inv.status_transitions as Json), paid_at: now() },
        });
      }
      return { status: 200, body: inv };
    }

    if (resource === 'billing_portal' && first === 'sessions' && method === 'POST') {
      const portal = id('bps');
      return {
        status: 200,
        body: {
          id: portal,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${portal}`,
        },
      };
    }

    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        query: url.searchParams,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      };
      requests.push(recorded);
      // Like Stripe, a POST repeated with the same idempotency key gets the first answer again.
      const key = recorded.method === 'POST' ? recorded.idempotencyKey : undefined;
      const answer =
        (key && answered.get(key)) ||
        (req.headers.authorization?.startsWith('Bearer sk_test_')
          ? handle(recorded)
          : error(401, 'invalid_request_error', 'Invalid API Key provided'));
      if (key) answered.set(key, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    failPayments: false,
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId)!;
      const start = now();
      const subscription: Json = {
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        currency: 'gbp',
        start_date: start,
        billing_cycle_anchor: start,
        cancel_at: null,
        cancel_at_period_end: false,
        ended_at: null,
        default_tax_rates: [{ percentage: TAX_PERCENT }],
        metadata: session.metadata,
        latest_invoice: null,
        items: list([
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: session.quantity,
            price: { id: session.price, unit_amount: UNIT_AMOUNT, unit_amount_decimal: '3600' },
            current_period_start: start,
            current_period_end: start + 30 * DAY,
          },
        ]),
      };
      subscriptions.set(subscription.id as string, subscription);
      const quantity = session.quantity as number;
      const first = invoice(
        subscription,
        [
          line(
            `${quantity} × seat`,
            quantity,
            quantity * UNIT_AMOUNT,
            start,
            start + 30 * DAY,
            false,
          ),
        ],
        'subscription_create',
        true,
        session.customer as string,
      );
      Object.assign(session, { status: 'complete', subscription: subscription.id });
      return { subscription, invoice: first };
    },
    renewalInvoice(subscriptionId, paid) {
      const subscription = subscriptions.get(subscriptionId)!;
      const item = itemOf(subscription);
      const start = item.current_period_end;
      item.current_period_start = start;
      item.current_period_end = start + 30 * DAY;
      return invoice(
        subscription,
        [
          line(
            `${item.quantity} × seat`,
            item.quantity,
            item.quantity * UNIT_AMOUNT,
            start,
            start + 30 * DAY,
            false,
          ),
        ],
        'subscription_cycle',
        paid,
        subscription.customer as string,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
