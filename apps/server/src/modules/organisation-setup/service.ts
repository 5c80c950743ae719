import { discardImage } from '../../platform/uploads';
import type {
  AuditAction,
  FieldError,
  Organisation,
  PreboardingCheckpoint,
  PreboardingInviteResult,
  MemberRole,
} from '@fieldwork/contract';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { AppError, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext, UserContext } from '../../platform/http/context';
import { createInvite } from '../people';
import { organisationReader } from '../../platform/organisation-reader';
import { defined, type ReportImage, type StoredImageRecord, type StoredOptions } from './options';
import type { StoredPreboarding } from './preboarding';
import { presentQuestionnaire } from './preboarding';
import { findCurrency, isCountry, isTimezone } from './reference-data';

/*
 * Organisation options and preboarding live in the organisations row (jsonb). Every change reads
 * the row FOR UPDATE, merges in the request's parts and writes it back in the request's
 * transaction, so two changes at once never lose each other's parts.
 */

interface OrganisationRow {
  name: string;
  options: StoredOptions;
  preboarding: StoredPreboarding;
}

async function lockOrganisation(
  ctx: Pick<OrganisationContext, 'db'>,
  organisationId: string,
): Promise<OrganisationRow> {
  const { rows } = await ctx.db.query<OrganisationRow>(
    `SELECT name, options, preboarding FROM organisations WHERE id = $1 FOR UPDATE`,
    [organisationId],
  );
  if (!rows[0]) throw notFound('Organisation');
  return rows[0];
}

async function saveOrganisation(
  ctx: Pick<OrganisationContext, 'db'>,
  organisationId: string,
  row: OrganisationRow,
) {
  await ctx.db.query(
    `UPDATE organisations SET name = $2, options = $3, preboarding = $4, updated_at = now()
      WHERE id = $1`,
    [organisationId, row.name, JSON.stringify(row.options), JSON.stringify(row.preboarding)],
  );
}

/** The organisation as /me/context shows it, files with signed links. */
export async function organisationAnswer(
  ctx: Pick<OrganisationContext, 'db' | 'services'>,
  organisationId: string,
): Promise<{ organisation: Organisation }> {
  const [organisation] = await organisationReader.get()(
    ctx.db,
    [organisationId],
    ctx.services.storage,
  );
  if (!organisation) throw notFound('Organisation');
  return { organisation };
}

// Options ------------------------------------------------------------------------------------

export interface OptionsChange {
  name?: string;
  options?: {
    currency_code?: string;
    country?: string;
    timezone?: string;
    features?: Record<string, unknown>;
    settings?: Record<string, unknown>;
    report_options?: Record<string, unknown>;
  };
}

/** currency_code, country and timezone must be on the server's lists. */
function checkReferences(options: NonNullable<OptionsChange['options']>, prefix: string) {
  const errors: FieldError[] = [];
  if (options.currency_code !== undefined && !findCurrency(options.currency_code)) {
    errors.push({
      field: `${prefix}currency_code`,
      message: 'Must be an ISO 4217 currency code from GET /currencies.',
      code: 'unknown_currency',
    });
  }
  if (options.country !== undefined && !isCountry(options.country)) {
    errors.push({
      field: `${prefix}country`,
      message: 'Must be an ISO 3166-1 alpha-2 country code from GET /countries.',
      code: 'unknown_country',
    });
  }
  if (options.timezone !== undefined && !isTimezone(options.timezone)) {
    errors.push({
      field: `${prefix}timezone`,
      message: 'Must be an IANA time zone from GET /timezones (e.g. Europe/London).',
      code: 'unknown_timezone',
    });
  }
  if (errors.length) throw validationFailure(errors);
}

/** Applies a partial change of the name and options (each part partial too). */
export async function updateOptions(ctx: OrganisationContext, change: OptionsChange) {
  const options = change.options ?? {};
  checkReferences(options, 'options.');
  const row = await lockOrganisation(ctx, ctx.organisationId);
  const before = await readBeforeImages(ctx, 'organisations', [ctx.organisationId]);
  const stored = row.options;
  const next: StoredOptions = {
    ...stored,
    ...defined({
      currency_code: options.currency_code,
      country: options.country,
      timezone: options.timezone,
    }),
  };
  if (options.features) next.features = { ...stored.features, ...defined(options.features) };
  if (options.settings) next.settings = { ...stored.settings, ...defined(options.settings) };
  if (options.report_options) {
    next.report_options = { ...stored.report_options, ...defined(options.report_options) };
  }
  await saveOrganisation(ctx, ctx.organisationId, {
    ...row,
    name: change.name ?? row.name,
    options: next,
  });
  const changes = {
    ...defined({ name: change.name }),
    ...(change.options ? { options: change.options } : {}),
  };
  await recordAudit(ctx, 'organisations', [ctx.organisationId], 'UPDATE', changes, before);
  return organisationAnswer(ctx, ctx.organisationId);
}

/** Sets (or, with null, removes) a report image; the replaced file goes once this commits. */
export async function setReportImage(
  ctx: OrganisationContext,
  name: ReportImage,
  image: StoredImageRecord | null,
) {
  const row = await lockOrganisation(ctx, ctx.organisationId);
  const before = await readBeforeImages(ctx, 'organisations', [ctx.organisationId]);
  const previous = row.options.files?.[name] ?? null;
  await saveOrganisation(ctx, ctx.organisationId, {
    ...row,
    options: { ...row.options, files: { ...row.options.files, [name]: image } },
  });
  await recordAudit(
    ctx,
    'organisations',
    [ctx.organisationId],
    image ? 'UPLOAD' : 'REMOVE',
    {
      [name]: image ? { name: image.name, size: image.size } : null,
    },
    before,
  );
  if (previous) await discardImage(ctx, previous);
  return organisationAnswer(ctx, ctx.organisationId);
}

// Preboarding --------------------------------------------------------------------------------

async function changePreboarding(
  ctx: OrganisationContext,
  action: AuditAction,
  change: (preboarding: StoredPreboarding) => StoredPreboarding,
  audit: Record<string, unknown>,
) {
  const row = await lockOrganisation(ctx, ctx.organisationId);
  const before = await readBeforeImages(ctx, 'organisations', [ctx.organisationId]);
  await saveOrganisation(ctx, ctx.organisationId, { ...row, preboarding: change(row.preboarding) });
  await recordAudit(ctx, 'organisations', [ctx.organisationId], action, audit, before);
  return organisationAnswer(ctx, ctx.organisationId);
}

const early = (checkpoint: PreboardingCheckpoint | null | undefined) =>
  checkpoint === undefined || checkpoint === null || checkpoint === 'start';

export function saveQuestionnaire(ctx: OrganisationContext, answers: Record<string, unknown>) {
  return changePreboarding(
    ctx,
    'PREBOARDING_QUESTIONNAIRE',
    (preboarding) => ({
      ...preboarding,
      questionnaire: presentQuestionnaire({ ...preboarding.questionnaire, ...defined(answers) }),
      checkpoint: early(preboarding.checkpoint) ? 'questionnaire' : preboarding.checkpoint,
    }),
    { questionnaire: answers },
  );
}

export function setCheckpoint(ctx: OrganisationContext, checkpoint: PreboardingCheckpoint) {
  return changePreboarding(
    ctx,
    'PREBOARDING_CHECKPOINT',
    (preboarding) => ({ ...preboarding, checkpoint }),
    { checkpoint },
  );
}

export function completePreboarding(ctx: OrganisationContext) {
  return changePreboarding(
    ctx,
    'PREBOARDING_COMPLETE',
    (preboarding) => ({
      ...preboarding,
      checkpoint: 'complete',
      completed_at: preboarding.completed_at ?? new Date().toISOString(),
    }),
    {},
  );
}

const bypassed = (preboarding: StoredPreboarding, bypass: boolean, userId: string) => ({
  ...preboarding,
  bypass,
  bypassed_at: bypass ? (preboarding.bypassed_at ?? new Date().toISOString()) : null,
  bypassed_by_user_id: bypass ? userId : null,
});

export function bypassPreboarding(ctx: OrganisationContext, bypass: boolean) {
  return changePreboarding(
    ctx,
    bypass ? 'PREBOARDING_BYPASS' : 'PREBOARDING_UNBYPASS',
    (preboarding) => bypassed(preboarding, bypass, ctx.user.id),
    { bypass },
  );
}

/**
 * Support staff bypass an organisation's preboarding without being a member: the transaction
 * takes the organisation as its scope for the audit entry, which names the support user.
 */
export async function bypassAsSupport(ctx: UserContext, organisationId: string, bypass: boolean) {
  await ctx.db.query(`SELECT set_config('app.organisation_id', $1, true)`, [organisationId]);
  const scoped: OrganisationContext = {
    ...ctx,
    organisationId,
    membership: { id: null, role: 'ADMIN', owner: false, guest: false },
  };
  const row = await lockOrganisation(scoped, organisationId);
  const before = await readBeforeImages(scoped, 'organisations', [organisationId]);
  await saveOrganisation(scoped, organisationId, {
    ...row,
    preboarding: bypassed(row.preboarding, bypass, ctx.user.id),
  });
  await recordAudit(
    scoped,
    'organisations',
    [organisationId],
    bypass ? 'PREBOARDING_BYPASS' : 'PREBOARDING_UNBYPASS',
    { bypass, by_support: true },
    before,
  );
  return organisationAnswer(scoped, organisationId);
}

/**
 * The preboarding invite step: each address is invited as POST /members/invites does (same
 * rules, same e-mail). Addresses already a member or already invited are reported in `failed`;
 * those conflicts are found before anything is written for that address.
 */
export async function inviteDuringPreboarding(
  ctx: OrganisationContext,
  invites: Array<{ email: string; role: MemberRole }>,
): Promise<PreboardingInviteResult & { organisation: Organisation }> {
  const invited: PreboardingInviteResult['invited'] = [];
  const failed: PreboardingInviteResult['failed'] = [];
  for (const { email, role } of invites) {
    try {
      const row = await createInvite(ctx, { email, role, guest: false, projectIds: [] });
      invited.push({ id: row.id, email: row.email, role, expires_at: row.expires_at });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      failed.push({ email, reason: error.message, code: error.code });
    }
  }
  const answer = await changePreboarding(
    ctx,
    'PREBOARDING_INVITE',
    (preboarding) => ({
      ...preboarding,
      checkpoint: preboarding.completed_at ? preboarding.checkpoint : 'invite',
    }),
    { invited: invited.map((item) => item.email) },
  );
  return { invited, failed, ...answer };
}
