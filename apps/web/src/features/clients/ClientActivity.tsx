import type { ClientActivityEntry } from '@fieldwork/contract';
import { ActivityMeta, ActivityTimeline } from '../../ui/ActivityTimeline';
import { formatDateTime } from '../../ui/format-time';
import { useClientActivity } from './clients-api';

const NOUN: Record<ClientActivityEntry['collection_name'], string> = {
  clients: 'Client',
  contacts: 'Contact',
  projects: 'Project',
};

const VERB: Record<string, string> = {
  CREATE: 'created',
  UPDATE: 'changed',
  DELETE: 'deleted',
  ARCHIVE: 'archived',
  UNARCHIVE: 'unarchived',
  RESTORE: 'restored',
  MOVE: 'moved',
  DUPLICATE: 'duplicated',
};

/** "Contact Dana Site created", "Project Quay Tower archived". */
export function activityLine(entry: ClientActivityEntry): string {
  const what = [NOUN[entry.collection_name], entry.document_name].filter(Boolean).join(' ');
  const verb = VERB[entry.action] ?? entry.action.toLowerCase().replaceAll('_', ' ');
  return `${what} ${verb}`;
}

/** The latest changes to the client, its contacts and its projects, newest first. */
export function ClientActivity({ clientId }: { clientId: string }) {
  const activity = useClientActivity(clientId);
  return (
    <ActivityTimeline
      id="client-activity"
      title="Activity"
      query={activity}
      errorTitle="Could not load the activity"
      renderEntry={(entry) => ({
        title: activityLine(entry),
        body: (
          <ActivityMeta>
            {formatDateTime(entry.performed_at)}
            {entry.performed_by_name && ` · ${entry.performed_by_name}`}
          </ActivityMeta>
        ),
      })}
    />
  );
}
