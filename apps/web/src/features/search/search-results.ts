import type { SearchResult } from '@fieldwork/contract';
import { ORGANISATIONS_PATH } from '../../app/paths';

/** The groups GET /search answers, in the order the dropdown shows them. */
export type SearchGroupKey = keyof SearchResult;

export interface SearchHit {
  /** Unique across groups: "{group}:{id}" (the dropdown's option value). */
  key: string;
  label: string;
  /** A second line, e.g. a project's reference and client. */
  description: string | null;
  archived: boolean;
  /** Where choosing it goes (an app path). */
  href: string;
}

export interface SearchGroup {
  key: SearchGroupKey;
  label: string;
  hits: SearchHit[];
}

const GROUP_LABELS: Record<SearchGroupKey, string> = {
  clients: 'Clients',
  projects: 'Projects',
  jobs: 'Jobs',
  jobSheets: 'Job sheets',
};

/** Clients and projects always have a group; jobs and job sheets only when something matched. */
const ALWAYS_SHOWN: readonly SearchGroupKey[] = ['clients', 'projects'];

const join = (...parts: Array<string | null | undefined>) =>
  parts.filter((part): part is string => Boolean(part)).join(' · ') || null;

/**
 * The dropdown's groups for an answer of GET /search. A client opens the clients page searched
 * for its name (there is no client page of its own); a project opens its overview.
 */
export function groupSearchResult(result: SearchResult, slug: string): SearchGroup[] {
  const base = `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}`;
  const hits: Record<SearchGroupKey, SearchHit[]> = {
    clients: result.clients.map((client) => {
      const query = new URLSearchParams({ search: client.name });
      if (client.archived_at) query.set('archived', 'true');
      return {
        key: `clients:${client.id}`,
        label: client.name,
        description: null,
        archived: client.archived_at !== null,
        href: `${base}/clients?${query.toString()}`,
      };
    }),
    projects: result.projects.map((project) => ({
      key: `projects:${project.id}`,
      label: project.name,
      description: join(project.reference, project.client_name),
      archived: project.archived_at !== null,
      href: `${base}/projects/${encodeURIComponent(project.id)}`,
    })),
    jobs: result.jobs.map((job) => ({
      key: `jobs:${job.id}`,
      label: job.name,
      description: null,
      archived: false,
      href: `${base}/jobs/${encodeURIComponent(job.id)}`,
    })),
    jobSheets: result.jobSheets.map((sheet) => ({
      key: `jobSheets:${sheet.id}`,
      label: sheet.name,
      description: null,
      archived: false,
      href: `${base}/job_sheets/${encodeURIComponent(sheet.id)}`,
    })),
  };
  return (Object.keys(GROUP_LABELS) as SearchGroupKey[])
    .filter((key) => ALWAYS_SHOWN.includes(key) || hits[key].length > 0)
    .map((key) => ({ key, label: GROUP_LABELS[key], hits: hits[key] }));
}

/** Every hit in dropdown order (what ↑ and ↓ move through). */
export function allHits(groups: readonly SearchGroup[]): SearchHit[] {
  return groups.flatMap((group) => group.hits);
}

/** The shortest term worth asking for: one letter matches almost everything. */
export const MIN_SEARCH_TERM = 2;

/** The term as sent: trimmed, or null while it is too short to search. */
export function searchTerm(input: string): string | null {
  const term = input.trim();
  return term.length >= MIN_SEARCH_TERM ? term : null;
}
