import {
  bypassBodySchema,
  checkpointBodySchema,
  coordinatesSchema,
  countrySchema,
  currencySchema,
  idSchema,
  organisationOptionsSchema,
  organisationSchema,
  preboardingInviteBodySchema,
  preboardingInviteResultSchema,
  questionnaireBodySchema,
  REPORT_COVER_MAX_PIXELS,
  REPORT_LOGO_MAX_PIXELS,
  reportOptionsBodySchema,
  settingsBodySchema,
  updateOrganisationBodySchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { uploadedFilesSchema } from '../../platform/http/multipart';
import { route, type RouteDef } from '../../platform/http/route';
import { geocoderFromEnv } from './geocoding';
import {
  boxedImageUpload,
  storeBoxedImage,
  type BoxedImageResult,
  type UploadKind,
} from '../../platform/uploads';
import type { ReportImage } from './options';
import { listCountries, listCurrencies, listTimezones } from './reference-data';
import {
  bypassAsSupport,
  bypassPreboarding,
  completePreboarding,
  inviteDuringPreboarding,
  organisationAnswer,
  saveQuestionnaire,
  setCheckpoint,
  setReportImage,
  updateOptions,
} from './service';

// The organisation with its options typed (identity's schema leaves them open), so the answer
// documents them and a body read from it and sent back is told from one with unknown keys.
const organisationAnswerSchema = z.object({
  organisation: organisationSchema.extend({ options: organisationOptionsSchema }),
});
const setup = ['Organisation setup'];
const preboarding = ['Preboarding'];
const admin = { access: 'organisation', minRole: 'ADMIN' } as const;

/** The organisation's report images, normalised to their boxes in the request. */
const IMAGES: Record<ReportImage, { label: string; upload: UploadKind<BoxedImageResult> }> = {
  report_logo: {
    label: 'report logo',
    upload: boxedImageUpload('report-logo', REPORT_LOGO_MAX_PIXELS),
  },
  report_cover_image: {
    label: 'report cover image',
    upload: boxedImageUpload('report-cover-image', REPORT_COVER_MAX_PIXELS),
  },
};

const imageBody = z.object({
  file: uploadedFilesSchema.length(1, 'Send one image in the field "file"'),
});

function imageRoutes(name: ReportImage): RouteDef[] {
  const { label, upload } = IMAGES[name];
  return [
    route({
      ...admin,
      method: 'POST',
      path: `/options/${name}`,
      tags: setup,
      summary: `Upload the ${label} (multipart, one PNG, JPEG or WebP image in "file"; replaces the old one)`,
      multipart: true,
      uploadLimits: { file: upload.maxBytes },
      body: imageBody,
      response: organisationAnswerSchema,
      handler: async (ctx, { body }) => {
        const image = await storeBoxedImage(ctx, upload, body.file[0]!, {
          field: 'file',
          baseName: name.replaceAll('_', '-'),
        });
        return setReportImage(ctx, name, image);
      },
    }),
    route({
      ...admin,
      method: 'DELETE',
      path: `/options/${name}`,
      tags: setup,
      summary: `Remove the ${label}`,
      response: organisationAnswerSchema,
      handler: async (ctx) => setReportImage(ctx, name, null),
    }),
  ];
}

export const organisationSetupRoutes = (): RouteDef[] => [
  // Organisation and options -----------------------------------------------------------------
  route({
    access: 'organisation',
    minRole: 'GUEST',
    method: 'GET',
    path: '/organisation',
    tags: setup,
    summary: 'The organisation, as in /me/context (options with signed file links, preboarding)',
    response: organisationAnswerSchema,
    handler: async (ctx) => organisationAnswer(ctx, ctx.organisationId),
  }),
  route({
    ...admin,
    method: 'PUT',
    path: '/organisation',
    tags: setup,
    summary:
      'Rename the organisation and change its options (currency, country, time zone, features, settings, report options); every part partial',
    body: updateOrganisationBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { body }) => updateOptions(ctx, body),
  }),
  route({
    ...admin,
    method: 'PUT',
    path: '/options/report_options',
    tags: setup,
    summary: 'Change the report options (partial)',
    body: reportOptionsBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { body }) => updateOptions(ctx, { options: { report_options: body } }),
  }),
  route({
    ...admin,
    method: 'PUT',
    path: '/options/settings',
    tags: setup,
    summary: 'Change the settings (partial)',
    body: settingsBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { body }) => updateOptions(ctx, { options: { settings: body } }),
  }),
  ...imageRoutes('report_logo'),
  ...imageRoutes('report_cover_image'),

  // Preboarding ------------------------------------------------------------------------------
  route({
    ...admin,
    method: 'PUT',
    path: '/preboarding/questionnaire',
    tags: preboarding,
    summary: 'Answer the preboarding questionnaire (partial)',
    body: questionnaireBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { body }) => saveQuestionnaire(ctx, body),
  }),
  route({
    ...admin,
    method: 'POST',
    path: '/preboarding/invite',
    tags: preboarding,
    summary:
      'Invite members by e-mail (as POST /members/invites); those already members or invited are listed in failed',
    body: preboardingInviteBodySchema,
    response: preboardingInviteResultSchema.extend({ organisation: organisationSchema }),
    handler: async (ctx, { body }) => inviteDuringPreboarding(ctx, body.invites),
  }),
  route({
    ...admin,
    method: 'PUT',
    path: '/preboarding/checkpoint',
    tags: preboarding,
    summary: 'Record where preboarding is (start, questionnaire, invite, complete)',
    body: checkpointBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { body }) => setCheckpoint(ctx, body.checkpoint),
  }),
  route({
    ...admin,
    method: 'POST',
    path: '/preboarding/complete',
    tags: preboarding,
    summary: 'Finish preboarding (completed_at is set once)',
    response: organisationAnswerSchema,
    handler: async (ctx) => completePreboarding(ctx),
  }),
  route({
    ...admin,
    method: 'POST',
    path: '/preboarding/bypass',
    tags: preboarding,
    summary: 'Skip preboarding ({bypass: false} undoes it)',
    body: bypassBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { body }) => bypassPreboarding(ctx, body?.bypass ?? true),
  }),
  route({
    access: 'user',
    supportOnly: true,
    method: 'POST',
    path: '/support/organisations/:organisationId/preboarding/bypass',
    tags: preboarding,
    summary: "Support staff skip an organisation's preboarding ({bypass: false} undoes it)",
    params: z.object({ organisationId: idSchema }),
    body: bypassBodySchema,
    response: organisationAnswerSchema,
    handler: async (ctx, { params, body }) =>
      bypassAsSupport(ctx, params.organisationId, body?.bypass ?? true),
  }),

  // Reference data and geocoding --------------------------------------------------------------
  route({
    access: 'public',
    method: 'GET',
    path: '/currencies',
    tags: setup,
    summary: 'ISO 4217 currencies with their symbol as prefix or suffix',
    response: z.object({ data: z.array(currencySchema) }),
    handler: async () => ({ data: listCurrencies() }),
  }),
  route({
    access: 'public',
    method: 'GET',
    path: '/countries',
    tags: setup,
    summary: 'ISO 3166-1 countries (alpha-2 codes, English names)',
    response: z.object({ data: z.array(countrySchema) }),
    handler: async () => ({ data: listCountries() }),
  }),
  route({
    access: 'public',
    method: 'GET',
    path: '/timezones',
    tags: setup,
    summary: 'IANA time zones the server accepts',
    response: z.object({ data: z.array(z.string()) }),
    handler: async () => ({ data: listTimezones() }),
  }),
  route({
    access: 'user',
    method: 'GET',
    path: '/googlemaps/address_to_coordinates',
    tags: ['Geocoding'],
    summary:
      "Coordinates of an address (Google's Geocoding API when GOOGLE_MAPS_API_KEY is set; otherwise 422 geocoding_not_configured)",
    query: z.object({
      address: z.string('Required').trim().min(1, 'Required').max(500, 'At most 500 characters'),
    }),
    response: z.object({ data: coordinatesSchema }),
    handler: async (_ctx, { query }) => ({ data: await geocoderFromEnv().geocode(query.address) }),
  }),
];
