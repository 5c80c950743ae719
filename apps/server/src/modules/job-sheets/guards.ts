import { extensionList } from '../../platform/extension-point';
import type { OrganisationContext } from '../../platform/http/context';

/**
 * A rule of a later area that may refuse job sheets their submission or approval (a mandatory
 * signed document not yet signed, a location whose status forbids it): the area exports its
 * guard from its index.ts and src/modules.ts adds it here. Each answers, over every sheet a call
 * is about to act on, sheet id → why not; the reasons join those of the sheet's own checks.
 */
export interface JobSheetGuard {
  /** Why the caller may not create a job sheet on a project now (a 422 naming job_id), or null. */
  refuseCreation?(ctx: OrganisationContext, projectId: string): Promise<string | null>;
  refuseSubmission?(ctx: OrganisationContext, jobSheetIds: string[]): Promise<Map<string, string>>;
  refuseApproval?(ctx: OrganisationContext, jobSheetIds: string[]): Promise<Map<string, string>>;
}

export const jobSheetGuards = extensionList<JobSheetGuard>();

/** Adds the registered guards' reasons for `moment` to `reasons` (one sentence after another). */
export async function addGuardRefusals(
  ctx: OrganisationContext,
  moment: 'refuseSubmission' | 'refuseApproval',
  jobSheetIds: string[],
  reasons: Map<string, string>,
): Promise<Map<string, string>> {
  for (const guard of jobSheetGuards.all()) {
    const refusals = (await guard[moment]?.(ctx, jobSheetIds)) ?? new Map<string, string>();
    for (const [id, reason] of refusals)
      reasons.set(id, [reasons.get(id), reason].filter(Boolean).join(' '));
  }
  return reasons;
}

/** The first registered guard's reason the caller may not create a sheet on the project, or null. */
export async function creationRefusal(ctx: OrganisationContext, projectId: string) {
  for (const guard of jobSheetGuards.all()) {
    const reason = await guard.refuseCreation?.(ctx, projectId);
    if (reason) return reason;
  }
  return null;
}
