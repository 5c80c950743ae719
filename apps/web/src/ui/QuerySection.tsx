import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryErrorState } from './feedback/ErrorState';

/** What a section needs of a query: whether it failed, why, and how to try again. */
export interface SectionQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QuerySectionProps<Item> {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: string;
  query: SectionQuery;
  /** The loaded items; undefined while loading. */
  items: Item[] | undefined;
  /** "Could not load the …". */
  errorTitle: string;
  /** Said when there are no items. */
  empty: string;
  skeletonHeight?: number;
  children: (items: Item[]) => ReactNode;
}

/** A bordered page section with a heading over one query's items: loading, error with retry, empty, loaded. */
export function QuerySection<Item>({
  id,
  title,
  query,
  items,
  errorTitle,
  empty,
  skeletonHeight = 80,
  children,
}: QuerySectionProps<Item>) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {query.isError ? (
          <QueryErrorState title={errorTitle} query={query} />
        ) : items === undefined ? (
          <Skeleton h={skeletonHeight} radius="md" />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children(items)
        )}
      </Stack>
    </Paper>
  );
}
