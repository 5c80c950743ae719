import { Anchor, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryErrorState, isMissingRecord } from './feedback/ErrorState';

/** One column of a record's page: drawn from the record (a skeleton until it loads), or not. */
export type DetailColumn<T> = { span: number } & (
  { content: (record: T) => ReactNode; skeleton: number } | { content: ReactNode }
);

/** A record query as the frame reads it. */
interface RecordQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The frame of one record's page: the link back to its list, the header (a skeleton while the
 * record loads), a banner, two columns side by side on wide screens, and dialogs (children). A
 * failed load shows its error under the link.
 */
export function DetailFrame<T>({
  back,
  query,
  noun,
  header,
  headerSkeleton = { h: 56, w: 320 },
  banner,
  columns,
  children,
}: {
  back: { to: string; label: string };
  query: RecordQuery<T>;
  /** "job": titles the failed load ("Could not load this job"). */
  noun: string;
  header: (record: T) => ReactNode;
  headerSkeleton?: { h: number; w: number };
  banner?: (record: T) => ReactNode;
  columns: [DetailColumn<T>, DetailColumn<T>];
  children?: ReactNode;
}) {
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> {back.label}
      </Group>
    </Anchor>
  );
  if (query.isError) {
    const heading = noun.charAt(0).toUpperCase() + noun.slice(1);
    return (
      <Stack>
        {backLink}
        <Title order={1} size="h2">
          {isMissingRecord(query.error) ? `${heading} not found` : heading}
        </Title>
        <QueryErrorState title={`Could not load this ${noun}`} query={query} />
      </Stack>
    );
  }
  const record = query.data;
  return (
    <Stack gap="md">
      {backLink}
      {record !== undefined ? header(record) : <Skeleton {...headerSkeleton} />}
      {record !== undefined && banner?.(record)}
      <Grid gap="md">
        {columns.map((column, index) => (
          <Grid.Col key={index} span={{ base: 12, md: column.span }}>
            {typeof column.content !== 'function' ? (
              column.content
            ) : record !== undefined && 'skeleton' in column ? (
              column.content(record)
            ) : (
              <Skeleton h={'skeleton' in column ? column.skeleton : 240} radius="md" />
            )}
          </Grid.Col>
        ))}
      </Grid>
      {children}
    </Stack>
  );
}

/** One labelled value of a record ("—" when it has none). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </Stack>
  );
}
