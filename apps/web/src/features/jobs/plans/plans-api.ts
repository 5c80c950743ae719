import type { DailyJobPlan, DailyJobPlanInput, Visit, VisitInput } from '@fieldwork/contract';
import { resourceApi } from '../../../api/resource';
import { useResourceList, useResourceMutation, useSaveRecord } from '../../../api/resource-hooks';

/** A plan as the plans view loads it: with its operative expanded. */
export type ListedPlan = DailyJobPlan & {
  operative?: { id: string; name: string; email: string } | null;
};

export const plansApi = resourceApi<ListedPlan, DailyJobPlanInput>('daily_job_plans');
export const visitsApi = resourceApi<Visit, VisitInput>('visits');

/** Every plan of one local day, each operative's in their view order. */
export const useDayPlans = (day: string) =>
  useResourceList(plansApi, {
    filter: { local_day: day },
    sort: 'operative_view_order',
    page: 'all',
    expand: ['operative'],
  });

export const useSavePlan = () => useSaveRecord(plansApi);

export const useReorderPlans = () =>
  useResourceMutation(['daily_job_plans'], (ids: string[]) => plansApi.reorder(ids));

export const useDeletePlan = () =>
  useResourceMutation(['daily_job_plans'], (id: string) => plansApi.remove(id));

/** Live visits, or the deleted ones (to restore), newest date first. */
export const useVisitList = (deleted: boolean) =>
  useResourceList(visitsApi, {
    filter: { deleted: String(deleted) },
    sort: '-date',
    page: 'all',
  });

/** Deletes or restores one visit; jobs show their visit, so both lists reload. */
export const useVisitChange = () =>
  useResourceMutation(['visits', 'jobs'], ({ id, restore }: { id: string; restore: boolean }) =>
    restore ? visitsApi.act(id, 'restore').then(() => undefined) : visitsApi.remove(id),
  );

/** "Plan · Round 2" or "Plan 3" (its place in the operative's day). */
export const planTitle = (plan: Pick<DailyJobPlan, 'reference' | 'operative_view_order'>) =>
  plan.reference ?? `Plan ${plan.operative_view_order + 1}`;

/** Plans grouped by operative (by name), each group in view order. */
export function plansByOperative(plans: readonly ListedPlan[]) {
  const groups = new Map<string, { operativeId: string; name: string; plans: ListedPlan[] }>();
  for (const plan of plans) {
    const name = plan.operative?.name || plan.operative?.email || 'Unknown operative';
    const group = groups.get(plan.operative_id) ?? {
      operativeId: plan.operative_id,
      name,
      plans: [],
    };
    group.plans.push(plan);
    groups.set(plan.operative_id, group);
  }
  return [...groups.values()]
    .map((group) => ({
      ...group,
      plans: group.plans.sort((a, b) => a.operative_view_order - b.operative_view_order),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
