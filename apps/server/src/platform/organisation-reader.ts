import type { Organisation } from '@fieldwork/contract';
import type { Queryable } from './db/queryable';
import { extensionPoint } from './extension-point';
import type { FileStorage } from './storage/storage';

/** Reads organisations as the API answers them (with signed file links when given storage). */
export type OrganisationReader = (
  db: Queryable,
  ids: string[],
  storage?: Pick<FileStorage, 'signedUrl'>,
) => Promise<Organisation[]>;

/**
 * The organisations module presents an organisation from the parts billing (its plan) and
 * organisation-setup (options, preboarding) own; those two answer the organisation they changed
 * through this point, which the organisations module provides, instead of importing it back.
 */
export const organisationReader = extensionPoint<OrganisationReader>('The organisation reader');
