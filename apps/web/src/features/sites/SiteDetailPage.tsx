import type { Site } from '@fieldwork/contract';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { DetailFrame, Fact } from '../../ui/DetailFrame';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { libraryPath } from '../../app/library-paths';
import { SiteFormModal } from './SiteFormModal';
import { SiteMap } from './SiteMap';
import { what3wordsUrl } from './site-form';
import { useSite } from './sites-api';
import { EditButton } from '../../ui/EditButton';

function SiteDetails({ site }: { site: Site }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Fact label="Address">{site.full_address || <Text c="dimmed">No address</Text>}</Fact>
        <Fact label="Coordinates">
          {site.coordinates ? (
            `${site.coordinates.lat}, ${site.coordinates.lng}`
          ) : (
            <Text c="dimmed">Not set</Text>
          )}
        </Fact>
        <Fact label="what3words">
          {site.what3words ? (
            <Anchor href={what3wordsUrl(site.what3words)} target="_blank" rel="noreferrer">
              ///{site.what3words}
            </Anchor>
          ) : (
            <Text c="dimmed">Not set</Text>
          )}
        </Fact>
        <Fact label="Notes">
          {site.notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {site.notes}
            </Text>
          ) : (
            <Text c="dimmed">None</Text>
          )}
        </Fact>
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
  return (
    <DetailFrame
      back={{ to: libraryPath(organisation.slug, 'sites'), label: 'All sites' }}
      query={site}
      noun="site"
      headerSkeleton={{ h: 28, w: 240 }}
      header={(data) => (
        <Group justify="space-between" gap="sm">
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
          <EditButton onClick={() => edit.openEdit(data)} />
        </Group>
      )}
      columns={[
        { span: 5, content: (data) => <SiteDetails site={data} />, skeleton: 240 },
        {
          span: 7,
          content: (data) => (
            <SiteMap coordinates={data.coordinates} height={360} label={`Map of ${data.name}`} />
          ),
          skeleton: 360,
        },
      ]}
    >
      <SiteFormModal target={edit.target} onClose={edit.close} />
    </DetailFrame>
  );
}
