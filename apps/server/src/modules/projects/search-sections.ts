import type { SearchResult } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { extensionList } from '../../platform/extension-point';

type LaterSection = Exclude<keyof SearchResult, 'clients' | 'projects'>;

/**
 * A section of GET /search that a later module fills (jobs, job sheets): projects answers the
 * clients and projects itself and asks each registered section for the rest.
 */
export interface SearchSection<K extends LaterSection = LaterSection> {
  key: K;
  search(ctx: OrganisationContext, term: string): Promise<SearchResult[K]>;
}

export const searchSections = extensionList<SearchSection>();

/** Typed on its key, so a section's answer is checked against the contract's shape for it. */
export const searchSection = <K extends LaterSection>(section: SearchSection<K>) =>
  section as unknown as SearchSection;
