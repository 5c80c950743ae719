import { Button } from '@mantine/core';
import { IconBuildingSkyscraper, IconPlus } from '@tabler/icons-react';
import { ListEmptyState, NoMatchesState } from '../../../ui/feedback/ListEmptyState';

/** No projects at all invites the first one; filters matching nothing offer to clear them. */
export function ProjectsEmptyState({
  isFiltered,
  onCreate,
  onClearFilters,
}: {
  isFiltered: boolean;
  /** Left out for people who may not create projects. */
  onCreate?: () => void;
  onClearFilters: () => void;
}) {
  if (isFiltered) return <NoMatchesState what="projects" onClearFilters={onClearFilters} />;
  return (
    <ListEmptyState
      icon={<IconBuildingSkyscraper size={32} />}
      title="No projects yet"
      description="A project holds the work for one job of a client: its site, statuses, forms and people."
      action={
        onCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            New project
          </Button>
        )
      }
    />
  );
}
