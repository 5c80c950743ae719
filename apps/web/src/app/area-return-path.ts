import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ORGANISATIONS_PATH, ORGANISATION_AREAS } from './paths';

/**
 * "The product remembers the page the user came from when entering settings, billing/account and
 * subscription areas" (spec/platform.md §2). The organisation shell records every page outside
 * those areas; an area offers the way back to the last one. Kept per organisation in
 * sessionStorage (a reload keeps it, sign-out clears the fieldwork.* keys).
 */
const keyFor = (slug: string) => `fieldwork.areaReturnPath.${slug}`;

/** The organisation page below /organisations/{slug}/, e.g. "clients"; "" at the root. */
export function organisationPageOf(pathname: string, slug: string): string | null {
  const base = `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/`;
  if (!pathname.startsWith(base)) return null;
  return pathname.slice(base.length).split('/')[0] ?? '';
}

export function isAreaPath(pathname: string, slug: string): boolean {
  const page = organisationPageOf(pathname, slug);
  return page !== null && ORGANISATION_AREAS.includes(page);
}

/** Called by the organisation shell: remembers the current page unless it belongs to an area. */
export function useRememberPageOutsideAreas(slug: string): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const page = organisationPageOf(pathname, slug);
    if (page === null || page === '' || ORGANISATION_AREAS.includes(page)) return;
    sessionStorage.setItem(keyFor(slug), `${pathname}${search}`);
  }, [pathname, search, slug]);
}

/** The page the user came from before entering an area, if any. */
export function areaReturnPath(slug: string): string | null {
  return sessionStorage.getItem(keyFor(slug));
}
