import { Button, Timeline } from '@mantine/core';
import { useState } from 'react';
import { QuerySection } from '../../ui/QuerySection';
import { isAtLeastRole } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { useRecordHistory } from './audit-api';
import { AuditEntryItem } from './AuditEntryItem';

const STEP = 10;

export interface RecordHistoryProps {
  /** The entity's path segment, e.g. "clients", "sites". */
  entity: string;
  id: string;
  title?: string;
}

/** A record's change history, newest first, with Undo on the changes that can be undone. */
export function RecordHistory({ entity, id, title = 'Change history' }: RecordHistoryProps) {
  const [size, setSize] = useState(STEP);
  const history = useRecordHistory(entity, id, size);
  const canUndo = isAtLeastRole('MANAGER', useSession());
  const headingId = `${entity}-history-${id}`;
  const total = history.data?.meta.total ?? 0;
  return (
    <QuerySection
      id={headingId}
      title={title}
      query={history}
      items={history.data?.data}
      errorTitle="Could not load the change history"
      empty="No changes have been recorded yet."
    >
      {(entries) => (
        <>
          <Timeline bulletSize={10} lineWidth={2}>
            {entries.map((entry) => (
              <Timeline.Item key={entry.id}>
                <AuditEntryItem entry={entry} canUndo={canUndo} />
              </Timeline.Item>
            ))}
          </Timeline>
          {total > entries.length && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setSize(size + STEP)}
              loading={history.isFetching}
            >
              Show earlier changes ({total - entries.length} more)
            </Button>
          )}
        </>
      )}
    </QuerySection>
  );
}
