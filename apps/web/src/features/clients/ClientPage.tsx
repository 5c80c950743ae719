import type { Client } from '@fieldwork/contract';
import { Badge, Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { organisationPath } from '../../app/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { DetailFrame } from '../../ui/DetailFrame';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { PageHeader } from '../../ui/PageHeader';
import { RecordHistory } from '../audit';
import { ClientActivity } from './ClientActivity';
import { clientFacts } from './client-facts';
import { ClientContacts } from './ClientContacts';
import { ClientFormModal } from './ClientFormModal';
import { ClientProjects } from './ClientProjects';
import { useClient } from './clients-api';
import { EditButton } from '../../ui/EditButton';

/**
 * /organisations/{slug}/clients/{clientId}: a client with its contacts, projects and activity.
 * Edit shows when the client's own `permissions` allow it.
 */
export function ClientPage() {
  const { clientId = '' } = useParams();
  const organisation = useCurrentOrganisation();
  const client = useClient(clientId);
  const edit = useEditTarget<Client>();
  return (
    <DetailFrame
      back={{ to: organisationPath(organisation.slug, 'clients'), label: 'All clients' }}
      query={client}
      noun="client"
      header={(data) => (
        <PageHeader
          title={data.name}
          description={
            <>
              {clientFacts(data)}
              {data.archived_at && (
                <Badge ml="xs" size="sm" variant="light" color="gray">
                  Archived
                </Badge>
              )}
            </>
          }
          actions={
            data.permissions?.update === true && <EditButton onClick={() => edit.openEdit(data)} />
          }
        />
      )}
      columns={[
        {
          span: 7,
          content: (
            <Stack gap="md">
              <ClientContacts clientId={clientId} />
              <ClientProjects clientId={clientId} slug={organisation.slug} />
            </Stack>
          ),
        },
        {
          span: 5,
          content: (
            <Stack gap="md">
              <ClientActivity clientId={clientId} />
              <RecordHistory entity="clients" id={clientId} title="Changes to this client" />
            </Stack>
          ),
        },
      ]}
    >
      <ClientFormModal target={edit.target} onClose={edit.close} />
    </DetailFrame>
  );
}
