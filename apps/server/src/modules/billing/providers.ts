import type { Config } from '../../config';
import { localLedger } from './ledger/ledger';
import type { BillingProvider } from './provider';
import { stripeProvider } from './stripe/provider';

const providers = new WeakMap<Config['billing'], BillingProvider>();

/** The provider the configuration selects (BILLING_PROVIDER), one per configuration. */
export function billingProvider(config: Config): BillingProvider {
  let provider = providers.get(config.billing);
  if (!provider) {
    provider =
      config.billing.provider === 'stripe' ? stripeProvider(config.billing) : localLedger();
    providers.set(config.billing, provider);
  }
  return provider;
}
