-- Plans and billing (docs/billing.md): trials, one billing account per organisation (details,
-- payment method, ledger clock and counters), subscriptions, invoices, credit notes, payments, and
-- the Stripe events already applied. Money is integer minor units (pence).

CREATE TABLE trials (
  id text PRIMARY KEY,
  organisation_id text NOT NULL UNIQUE REFERENCES organisations (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  -- when the trial ends; moved earlier when a subscription begins
  ended_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Trials move out of the organisations row (one source of truth); ids are fresh 24-hex strings.
INSERT INTO trials (id, organisation_id, started_at, ended_at, created_at, updated_at)
SELECT substr(md5(random()::text || o.id), 1, 24), o.id, o.trial_started_at,
       coalesce(o.trial_ends_at, o.trial_started_at + interval '14 days'), o.created_at, now()
  FROM organisations o
 WHERE o.trial_started_at IS NOT NULL;
ALTER TABLE organisations DROP COLUMN trial_started_at;
ALTER TABLE organisations DROP COLUMN trial_ends_at;

CREATE TABLE billing_accounts (
  organisation_id text PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
  stripe_customer_id text UNIQUE,
  name text,
  email text,
  -- {line1, line2, city, postal_code, country}
  address jsonb,
  -- {id, country, value, type}
  tax jsonb,
  -- {type, last4, brand, exp_month, exp_year, behaviour}: never a full card number
  payment_method jsonb,
  -- local ledger: the next N charges fail (development tool)
  failing_payments integer NOT NULL DEFAULT 0 CHECK (failing_payments >= 0),
  -- local ledger: this organisation's clock differs from real time by this much (a test clock;
  -- the development tool only moves it on, the demo seed starts it in the past)
  clock_offset_seconds bigint NOT NULL DEFAULT 0,
  -- owed to the customer by post-payment credit notes; taken off the next invoices
  credit_balance integer NOT NULL DEFAULT 0 CHECK (credit_balance >= 0),
  next_invoice_number integer NOT NULL DEFAULT 1,
  next_credit_note_number integer NOT NULL DEFAULT 1,
  -- set by support staff
  overdue_ignored_until timestamptz,
  customer_success_manager jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  stripe_id text UNIQUE,
  stripe_item_id text,
  status text NOT NULL CHECK (status IN ('incomplete', 'active', 'past_due', 'canceled')),
  seats integer NOT NULL CHECK (seats >= 0),
  unit_amount integer NOT NULL,
  currency text NOT NULL,
  tax_rate_percentage numeric NOT NULL,
  -- periods are whole months from the anchor (day of month clamped to the month's end)
  billing_cycle_anchor timestamptz NOT NULL,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at timestamptz,
  started_at timestamptz,
  ended_at timestamptz,
  -- Stripe: the created time of the last event applied, so an older event never wins
  stripe_event_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One live subscription per organisation.
CREATE UNIQUE INDEX subscriptions_live_idx ON subscriptions (organisation_id)
  WHERE status IN ('active', 'past_due');
CREATE INDEX subscriptions_organisation_idx ON subscriptions (organisation_id, created_at DESC, id DESC);

CREATE TABLE invoices (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  subscription_id text REFERENCES subscriptions (id) ON DELETE SET NULL,
  stripe_id text UNIQUE,
  xero_id text,
  number text NOT NULL,
  reason text NOT NULL
    CHECK (reason IN ('subscription_create', 'subscription_cycle', 'subscription_update')),
  seats integer NOT NULL,
  date timestamptz NOT NULL,
  due_date timestamptz NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  currency text NOT NULL,
  sub_total integer NOT NULL,
  tax integer NOT NULL,
  total integer NOT NULL,
  amount_paid integer NOT NULL DEFAULT 0,
  amount_credited integer NOT NULL DEFAULT 0,
  amount_remaining integer NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'paid', 'void')),
  paid_at timestamptz,
  -- [{description, quantity, unit_amount, amount, period_start, period_end, proration}]
  lines jsonb NOT NULL DEFAULT '[]',
  -- Stripe's own pages for the invoice
  hosted_invoice_url text,
  invoice_pdf_url text,
  stripe_event_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, number),
  CHECK (amount_remaining >= 0 AND amount_paid >= 0 AND amount_credited >= 0)
);
CREATE INDEX invoices_date_idx ON invoices (organisation_id, date DESC, id DESC);
CREATE INDEX invoices_open_idx ON invoices (organisation_id, due_date) WHERE status = 'open';
CREATE INDEX invoices_subscription_idx ON invoices (subscription_id);

CREATE TABLE credit_notes (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  invoice_id text NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  stripe_id text UNIQUE,
  number text NOT NULL,
  date timestamptz NOT NULL,
  type text NOT NULL CHECK (type IN ('pre_payment', 'post_payment')),
  reason text NOT NULL,
  seats integer NOT NULL,
  currency text NOT NULL,
  sub_total integer NOT NULL,
  tax integer NOT NULL,
  total integer NOT NULL,
  lines jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, number)
);
CREATE INDEX credit_notes_date_idx ON credit_notes (organisation_id, date DESC, id DESC);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id);

CREATE TABLE payments (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  invoice_id text NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  stripe_id text UNIQUE,
  xero_id text,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  total integer NOT NULL,
  failure_message text,
  payment_method jsonb,
  attempted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_invoice_idx ON payments (organisation_id, invoice_id, attempted_at);

-- Stripe events already applied (webhook idempotency). No organisation data: ids and types only.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

GRANT SELECT, INSERT, UPDATE, DELETE
  ON trials, billing_accounts, subscriptions, invoices, credit_notes, payments TO fieldwork_app;
GRANT SELECT, INSERT ON stripe_events TO fieldwork_app;

ALTER TABLE trials ENABLE ROW LEVEL SECURITY;
ALTER TABLE trials FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON trials
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE billing_accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_accounts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_accounts
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE subscriptions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON subscriptions
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoices
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE credit_notes ENABLE ROW LEVEL SECURITY;
ALTER TABLE credit_notes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON credit_notes
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
ALTER TABLE payments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payments
  USING (organisation_id = current_setting('app.organisation_id', true))
  WITH CHECK (organisation_id = current_setting('app.organisation_id', true));

-- The plan of every organisation a user belongs to is shown in /me/context, across organisations,
-- so it cannot go through the per-organisation policies; like organisation_seats_used, this
-- function answers the facts the plan is computed from and nothing else.
CREATE FUNCTION organisation_plan_facts(organisation text)
  RETURNS TABLE (
    trial_id text,
    trial_started_at timestamptz,
    trial_ended_at timestamptz,
    subscription_id text,
    subscription_status text,
    subscription_seats integer,
    oldest_open_due_date timestamptz,
    outstanding_total bigint,
    outstanding_count integer,
    overdue_ignored_until timestamptz,
    customer_success_manager jsonb,
    clock_offset_seconds bigint
  )
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT t.id, t.started_at, t.ended_at,
           s.id, s.status, s.seats,
           o.oldest, coalesce(o.total, 0), coalesce(o.count, 0)::int,
           a.overdue_ignored_until, a.customer_success_manager,
           coalesce(a.clock_offset_seconds, 0)
      FROM (SELECT organisation) AS me (organisation_id)
      LEFT JOIN trials t ON t.organisation_id = me.organisation_id
      LEFT JOIN billing_accounts a ON a.organisation_id = me.organisation_id
      LEFT JOIN LATERAL (
        SELECT id, status, seats FROM subscriptions
         WHERE organisation_id = me.organisation_id AND status <> 'incomplete'
         ORDER BY (status IN ('active', 'past_due')) DESC, created_at DESC, id DESC
         LIMIT 1
      ) s ON true
      LEFT JOIN LATERAL (
        SELECT min(due_date) AS oldest, sum(amount_remaining) AS total, count(*) AS count
          FROM invoices
         WHERE organisation_id = me.organisation_id AND status = 'open'
      ) o ON true
  $$;
GRANT EXECUTE ON FUNCTION organisation_plan_facts(text) TO fieldwork_app;

-- A Stripe webhook names a customer, not an organisation: this answers which organisation it is
-- (and nothing else), so the webhook can take that organisation as its scope.
CREATE FUNCTION organisation_of_stripe_customer(customer text) RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
    SELECT organisation_id FROM billing_accounts WHERE stripe_customer_id = customer
  $$;
GRANT EXECUTE ON FUNCTION organisation_of_stripe_customer(text) TO fieldwork_app;
