import { REPORT_KINDS, ROLE_RANK, reportSchema } from '@fieldwork/contract';
import { buildsResource } from '../../platform/builds';
import { defineResource, type ResourceDeclaration } from '../../platform/resource-kit';

/**
 * Reports (field-work §3 Report, §7 generic pattern: list, get, delete): the builds of the report
 * kinds, read from the builds table itself, so a report and its build are one row and one truth.
 * Everyone lists their own; managers and admins anyone's (filter[user_id]).
 */
export const reportsResource: ResourceDeclaration = defineResource({
  ...buildsResource,
  name: 'reports',
  label: 'Report',
  record: reportSchema,
  visibility: (ctx, params) => {
    const kinds = `t.kind = ANY(${params.add([...REPORT_KINDS])}::text[])`;
    if (ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER) return kinds;
    return `${kinds} AND t.user_id = ${params.add(ctx.user.id)}`;
  },
  access: {
    read: 'GUEST',
    write: 'GUEST',
    note: 'Everyone their own reports; MANAGER and above anyone’s',
  },
});
