import { Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import { QuerySection } from './QuerySection';
import type { SectionQuery } from './QuerySection';

/** How one history entry reads: its title and what stands under it. */
export interface ActivityEntryView {
  title: ReactNode;
  body: ReactNode;
}

export interface ActivityTimelineProps<Entry extends { id: string }> {
  /** The heading's id. */
  id: string;
  /** "Timeline", "Activity". */
  title: string;
  /** The history's query; its data are the entries, newest first. */
  query: SectionQuery & { data: Entry[] | undefined };
  /** "Could not load the timeline". */
  errorTitle: string;
  renderEntry: (entry: Entry) => ActivityEntryView;
}

/** A record's history as a section: one timeline item per entry, or why there is none yet. */
export function ActivityTimeline<Entry extends { id: string }>({
  id,
  title,
  query,
  errorTitle,
  renderEntry,
}: ActivityTimelineProps<Entry>) {
  return (
    <QuerySection
      id={id}
      title={title}
      query={query}
      items={query.data}
      errorTitle={errorTitle}
      empty="Nothing has happened yet."
    >
      {(entries) => (
        <Timeline bulletSize={10} lineWidth={2}>
          {entries.map((entry) => {
            const view = renderEntry(entry);
            return (
              <Timeline.Item key={entry.id} title={view.title}>
                {view.body}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </QuerySection>
  );
}

/** The dimmed "when · who" line under an entry's title. */
export function ActivityMeta({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
