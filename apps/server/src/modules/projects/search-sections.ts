import type { SearchResult } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { extensionList } from '../../platform/extension-point';
import type { Params } from '../../platform/resource-kit';

type LaterSection = Exclude<keyof SearchResult, 'clients' | 'projects'>;

/**
 * A section of GET /search that a later module fills (jobs, job sheets): projects answers the
 * clients and projects itself and nests each registered section's SELECT in its own statement,
 * so the whole search is one round trip.
 */
export interface SearchSection<K extends LaterSection = LaterSection> {
  key: K;
  /**
   * A SELECT answering one JSON array, the section's hits as the contract has them
   * (SearchResult[K]): at most ten, in the order shown. Its values are added to `params`.
   */
  sql(ctx: OrganisationContext, term: string, params: Params): string;
}

export const searchSections = extensionList<SearchSection>();

/** Typed on its key, so a section names a part of the contract's SearchResult. */
export const searchSection = <K extends LaterSection>(section: SearchSection<K>) =>
  section as unknown as SearchSection;
