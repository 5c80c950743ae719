/** Signed links to a project's cover image last a day: long enough for a page left open. */
export const COVER_IMAGE_TTL_SECONDS = 24 * 60 * 60;
