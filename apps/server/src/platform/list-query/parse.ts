import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@fieldwork/contract';
import { badRequest } from '../errors';

export interface SortTerm {
  field: string;
  descending: boolean;
}

export interface ParsedListQuery {
  /** filter[field] → the comma-separated values; empty filters are already left out. */
  filters: Map<string, string[]>;
  expand: string[];
  sort: SortTerm[];
  page: { all: true } | { all: false; number: number; size: number };
  withIds: boolean;
  sum: string[];
}

const FILTER_KEY = /^filter\[([A-Za-z0-9_.]+)\](?:\[\])?$/;
const EXPAND_KEY = /^expand(?:\[\d*\])?$/;

/** Parses platform §7's list grammar from a query string. Fields are checked by the caller. */
export function parseListQuery(search: URLSearchParams): ParsedListQuery {
  const filters = new Map<string, string[]>();
  const expand: string[] = [];
  for (const [key, value] of search) {
    const filter = FILTER_KEY.exec(key);
    if (filter?.[1]) {
      const values = splitList(value);
      if (values.length) filters.set(filter[1], [...(filters.get(filter[1]) ?? []), ...values]);
    } else if (EXPAND_KEY.test(key)) {
      expand.push(...splitList(value));
    } else if (key.startsWith('filter')) {
      throw badRequest(
        `Malformed filter parameter "${key}": use filter[field]=value.`,
        'bad_filter',
      );
    }
  }
  return {
    filters,
    expand: [...new Set(expand)],
    sort: parseSort(search.get('sort')),
    page: parsePage(search),
    withIds: parseFlag(search.get('withIds'), 'withIds'),
    sum: splitList(search.get('sum') ?? ''),
  };
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function parseSort(value: string | null): SortTerm[] {
  return splitList(value ?? '').map((term) => ({
    field: term.replace(/^[-+]/, ''),
    descending: term.startsWith('-'),
  }));
}

function parsePage(search: URLSearchParams): ParsedListQuery['page'] {
  const page = search.get('page');
  if (page === 'all') return { all: true };
  if (page !== null && page !== '') {
    throw badRequest('page must be "all" or given as page[number] and page[size].', 'bad_page');
  }
  return {
    all: false,
    number: parsePositive(search.get('page[number]'), 'page[number]', 1, Number.MAX_SAFE_INTEGER),
    size: parsePositive(search.get('page[size]'), 'page[size]', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

function parsePositive(value: string | null, name: string, fallback: number, max: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw badRequest(`${name} must be a whole number from 1 to ${max}.`, 'bad_page');
  }
  return Number(value);
}

function parseFlag(value: string | null, name: string): boolean {
  if (value === null || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw badRequest(`${name} must be true or false.`, 'bad_flag');
}
