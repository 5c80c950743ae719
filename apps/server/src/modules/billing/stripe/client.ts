import Stripe from 'stripe';
import type { Config } from '../../../config';

export type StripeSettings = Config['billing'];

const clients = new WeakMap<StripeSettings, Stripe>();

/**
 * The official client, one per configuration. STRIPE_API_URL points it at another address
 * (stripe-mock, or the tests' stand-in); unset, it talks to api.stripe.com.
 */
export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    if (!settings.stripeSecretKey) {
      throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    }
    const api = settings.stripeApiUrl ? new URL(settings.stripeApiUrl) : null;
    const protocol = api?.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(settings.stripeSecretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? {
            protocol,
            host: api.hostname,
            port: api.port || (protocol === 'http' ? 80 : 443),
          }
        : {}),
    });
    clients.set(settings, client);
  }
  return client;
}

/**
 * Now, in Stripe's resolution (whole seconds), for stamping what a fresh retrieve wrote: an event
 * Stripe creates in the same second is then not taken for an older one.
 */
export const stripeNow = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);

/** Stripe's times are Unix seconds. */
export const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** An expandable field's id, whether or not it was expanded. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;
