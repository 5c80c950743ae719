import type { Site } from '@fieldwork/contract';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { ErrorState } from '../../ui/feedback/ErrorState';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { libraryPath } from '../library/library-paths';
import { SiteFormModal } from './SiteFormModal';
import { SiteMap } from './SiteMap';
import { what3wordsUrl } from './site-form';
import { useSite } from './sites-api';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function SiteDetails({ site }: { site: Site }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Detail label="Address">{site.full_address || <Text c="dimmed">No address</Text>}</Detail>
        <Detail label="Coordinates">
          {site.coordinates ? (
            `${site.coordinates.lat}, ${site.coordinates.lng}`
          ) : (
            <Text c="dimmed">Not set</Text>
          )}
        </Detail>
        <Detail label="what3words">
          {site.what3words ? (
            <Anchor href={what3wordsUrl(site.what3words)} target="_blank" rel="noreferrer">
              ///{site.what3words}
            </Anchor>
          ) : (
            <Text c="dimmed">Not set</Text>
          )}
        </Detail>
        <Detail label="Notes">
          {site.notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {site.notes}
            </Text>
          ) : (
            <Text c="dimmed">None</Text>
          )}
        </Detail>
      </Stack>
    </Paper>
  );
}

/** /organisations/{slug}/library/sites/{siteId}: a site's address, notes and map. */
export function SiteDetailPage() {
  const { siteId = '' } = useParams();
  const organisation = useCurrentOrganisation();
  const site = useSite(siteId);
  const edit = useEditTarget<Site>();
  const back = (
    <Anchor component={Link} to={libraryPath(organisation.slug, 'sites')} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> All sites
      </Group>
    </Anchor>
  );

  if (site.isError) {
    return (
      <Stack>
        {back}
        <ErrorState
          title="Could not load this site"
          error={site.error}
          onRetry={() => void site.refetch()}
        />
      </Stack>
    );
  }
  const data = site.data;
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" gap="sm">
        {data ? (
          <Group gap="xs">
            <Title order={1} size="h3">
              {data.name}
            </Title>
            {!data.name_is_custom && (
              <Badge size="sm" variant="light" color="gray">
                Named after its address
              </Badge>
            )}
          </Group>
        ) : (
          <Skeleton h={28} w={240} />
        )}
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          disabled={!data}
          onClick={() => data && edit.openEdit(data)}
        >
          Edit
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {data ? <SiteDetails site={data} /> : <Skeleton h={240} radius="md" />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {data ? (
            <SiteMap coordinates={data.coordinates} height={360} label={`Map of ${data.name}`} />
          ) : (
            <Skeleton h={360} radius="md" />
          )}
        </Grid.Col>
      </Grid>
      <SiteFormModal target={edit.target} onClose={edit.close} />
    </Stack>
  );
}
