import type { Client } from '@fieldwork/contract';
import { Anchor, Badge, Button, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { organisationPath } from '../../routes/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { ErrorState, isMissingRecord } from '../../ui/feedback/ErrorState';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { PageHeader } from '../../ui/PageHeader';
import { ClientActivity } from './ClientActivity';
import { clientFacts } from './client-facts';
import { ClientContacts } from './ClientContacts';
import { ClientFormModal } from './ClientFormModal';
import { ClientProjects } from './ClientProjects';
import { useClient } from './clients-api';

/**
 * /organisations/{slug}/clients/{clientId}: a client with its contacts, projects and activity.
 * Edit shows when the client's own `permissions` allow it.
 */
export function ClientPage() {
  const { clientId = '' } = useParams();
  const organisation = useCurrentOrganisation();
  const client = useClient(clientId);
  const edit = useEditTarget<Client>();
  const back = (
    <Anchor component={Link} to={organisationPath(organisation.slug, 'clients')} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> All clients
      </Group>
    </Anchor>
  );

  if (client.isError) {
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          {isMissingRecord(client.error) ? 'Client not found' : 'Client'}
        </Title>
        <ErrorState
          title="Could not load this client"
          error={client.error}
          onRetry={() => void client.refetch()}
        />
      </Stack>
    );
  }
  const data = client.data;
  return (
    <Stack gap="md">
      {back}
      {data ? (
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
            data.permissions?.update === true && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => edit.openEdit(data)}
              >
                Edit
              </Button>
            )
          }
        />
      ) : (
        <Skeleton h={56} w={320} />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <ClientContacts clientId={clientId} />
            <ClientProjects clientId={clientId} slug={organisation.slug} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ClientActivity clientId={clientId} />
        </Grid.Col>
      </Grid>
      <ClientFormModal target={edit.target} onClose={edit.close} />
    </Stack>
  );
}
