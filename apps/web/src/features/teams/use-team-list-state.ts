import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';

export type TeamSortColumn = 'name' | 'team_lead_name' | 'member_count';

/** What the teams table shows: search, archived filter, sort and page, as a list query. */
export const useTeamListState = () => useArchivableListState<TeamSortColumn>('name');
