import type { MembershipDocumentMetrics } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { extensionPoint } from '../../platform/extension-point';

/**
 * Membership metrics (platform §3: signed documents asked, outstanding, last interaction), per
 * user of one organisation: provided by the documents module (src/modules.ts wires it), so
 * people never import documents.
 */
export const memberDocumentMetrics =
  extensionPoint<
    (
      db: Queryable,
      organisationId: string,
      userIds: string[],
    ) => Promise<Map<string, MembershipDocumentMetrics>>
  >('memberDocumentMetrics');
