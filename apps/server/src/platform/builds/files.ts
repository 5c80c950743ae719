import { BUILD_FORMATS, type BuildFormat } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';

/** Links to built files last a day (a shared link outlives the page it was copied from). */
export const BUILD_LINK_TTL_SECONDS = 24 * 60 * 60;

/** Where a build's file is written: named as it downloads, under the build's own folder. */
export function buildFileKey(
  build: { organisation_id: string; id: string; download_name: string },
  format: BuildFormat,
) {
  const base = build.download_name.replace(/[^\w.-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'file';
  return `builds/${build.organisation_id}/${build.id}/${base}.${format}`;
}

/** The build a file key names, for the download route's answer while it is being built. */
export function buildOfKey(key: string): { organisationId: string; id: string } | null {
  const match = /^builds\/([0-9a-f]{24})\/([0-9a-f]{24})\/[^/]+\.([a-z]+)$/.exec(key);
  if (!match || !(BUILD_FORMATS as readonly string[]).includes(match[3]!)) return null;
  return { organisationId: match[1]!, id: match[2]! };
}

/** A signed link to a build's file on the reports host: it may be handed out before it exists. */
export const buildFileUrl = (ctx: Pick<OrganisationContext, 'services'>, key: string) =>
  ctx.services.storage.signedUrl(key, {
    ttlSeconds: BUILD_LINK_TTL_SECONDS,
    base: ctx.services.config.publicReportsUrl,
  });
