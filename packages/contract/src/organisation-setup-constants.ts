// Organisation setup's zod-free constants, apart from the schemas of organisation-setup.ts: the
// web app's shell reads some on every page (preboarding gate, default options, changelog page
// size), and a module is never split across chunks, so importing them from there carried that
// module's zod schemas, and zod, into the first load.

/** The feature flags an organisation has (platform §6); no other key is accepted. */
export const FEATURE_KEYS = [
  'approvals',
  'jobs_experience',
  'beta_features',
  'use_new_query_api',
  'api_management',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** A beta feature name: snake_case, e.g. clerk_migration (the only one the web app reads today). */
export const BETA_FEATURE_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;
export const KNOWN_BETA_FEATURES = ['clerk_migration'] as const;
export const MAX_BETA_FEATURES = 20;

/** What a new organisation starts with. */
export const DEFAULT_CURRENCY_CODE = 'GBP';
export const DEFAULT_COUNTRY = 'GB';
export const DEFAULT_TIMEZONE = 'Europe/London';

/** Report images: PNG, JPEG or WebP (checked by content), at most this many bytes uploaded. */
export const REPORT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Stored report logos fit within this box (pixels), cover images within the next. */
export const REPORT_LOGO_MAX_PIXELS = { width: 1200, height: 600 } as const;
export const REPORT_COVER_MAX_PIXELS = { width: 2480, height: 3508 } as const;
export const CHANGELOG_HERO_MAX_PIXELS = { width: 1920, height: 1080 } as const;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Suggestions for the questionnaire's free lists (any text is accepted). */
export const TRADE_SUGGESTIONS = [
  'Electrical',
  'Plumbing',
  'Heating and ventilation',
  'Roofing',
  'Carpentry and joinery',
  'Bricklaying',
  'Plastering',
  'Painting and decorating',
  'Groundworks',
  'Fire protection',
  'Surveying',
] as const;
export const SERVICE_SUGGESTIONS = [
  'New build',
  'Refurbishment',
  'Repairs and maintenance',
  'Inspections',
  'Compliance testing',
  'Installations',
  'Facilities management',
] as const;
export const ACCREDITATION_SUGGESTIONS = [
  'CHAS',
  'Constructionline',
  'SafeContractor',
  'NICEIC',
  'Gas Safe',
  'ISO 9001',
  'ISO 14001',
  'ISO 45001',
] as const;
/** Each free list holds at most this many entries of at most 100 characters. */
export const MAX_QUESTIONNAIRE_LIST = 50;

/** Invites sent at once from the preboarding invite step. */
export const MAX_PREBOARDING_INVITES = 50;

export const CHANGELOG_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type ChangelogStatus = (typeof CHANGELOG_STATUSES)[number];
/** Changelog list page size (default, most). */
export const CHANGELOG_PAGE_SIZE = 20;
export const CHANGELOG_MAX_PAGE_SIZE = 100;
/** Hosts a changelog's videoEmbedHtml may embed (an iframe with an https src on one of them). */
export const VIDEO_EMBED_HOSTS = [
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'www.loom.com',
] as const;

/** Preboarding questionnaire answers (platform §9 samples "1-20" site and "1-5" office). */
export const SITE_EMPLOYEE_RANGES = ['0', '1-20', '21-50', '51-100', '101-250', '251+'] as const;
export const OFFICE_EMPLOYEE_RANGES = ['0', '1-5', '6-20', '21-50', '51+'] as const;
export const LEAD_SOURCES = [
  'search_engine',
  'social_media',
  'word_of_mouth',
  'trade_show',
  'advert',
  'partner',
  'other',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Where a preboarding organisation is; the web app sends `invite` users to the invite page. */
export const PREBOARDING_CHECKPOINTS = ['start', 'questionnaire', 'invite', 'complete'] as const;
export type PreboardingCheckpoint = (typeof PREBOARDING_CHECKPOINTS)[number];
