import { Group, Pagination, Text } from '@mantine/core';
import type { ListMeta } from '../../api/list-query';
import { paginationRange } from './pagination-range';

/** "x–y of total" and the page buttons under a table. */
export function TablePager({ meta, onPage }: { meta: ListMeta; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {paginationRange(meta)}
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? 'Previous page'
                : control === 'next'
                  ? 'Next page'
                  : undefined,
          })}
        />
      )}
    </Group>
  );
}
