import type { Client } from '@fieldwork/contract';
import { formatDate } from '../../ui/format';
import { shortReference } from '../../ui/duplicate-names';

/** "Owner Robin Surveyor · created 3 Mar 2026 · 2 projects · ref 1a2b3c": what tells twins apart. */
export function clientFacts(client: Client): string {
  return [
    client.owner_name && `Owner ${client.owner_name}`,
    `created ${formatDate(client.created_at)}`,
    `${client.project_count} project${client.project_count === 1 ? '' : 's'}`,
    `ref ${shortReference(client.id)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
