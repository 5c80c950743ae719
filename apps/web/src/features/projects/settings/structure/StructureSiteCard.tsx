import type { Site } from '@fieldwork/contract';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../../session/use-current-organisation';
import { QueryErrorState } from '../../../../ui/feedback/ErrorState';
import { sitePath } from '../../../../app/library-paths';
import { SetSiteModal } from '../../overview/SetSiteModal';
import { projectPath } from '../../project-paths';
import { useProjectSite } from './structure-api';

/** The project's site (GET /projects/{id}/site), with a way to set or change it. */
export function StructureSiteCard({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { slug } = useCurrentOrganisation();
  const site = useProjectSite(projectId);
  const [picking, setPicking] = useState(false);

  if (site.isPending) return <Skeleton height={72} radius="md" />;
  if (site.isError) {
    return <QueryErrorState title="The project's site could not be loaded" query={site} />;
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        {site.data ? <SiteSummary site={site.data} slug={slug} /> : <NoSite />}
        <Group gap="xs">
          {!site.data && (
            <Anchor component={Link} to={projectPath(slug, projectId)} size="sm">
              Project overview
            </Anchor>
          )}
          {canEdit && (
            <Button
              size="xs"
              variant={site.data ? 'default' : 'filled'}
              onClick={() => setPicking(true)}
            >
              {site.data ? 'Change site' : 'Choose site'}
            </Button>
          )}
        </Group>
      </Group>
      <SetSiteModal
        opened={picking}
        projectId={projectId}
        current={site.data}
        onClose={() => setPicking(false)}
      />
    </Paper>
  );
}

function SiteSummary({ site, slug }: { site: Site; slug: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px', minWidth: 0 }}>
      <IconMapPin size={20} style={{ flex: 'none', marginTop: 2 }} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Site
        </Text>
        <Anchor component={Link} to={sitePath(slug, site.id)} fw={600}>
          {site.name}
        </Anchor>
        {site.full_address && site.full_address !== site.name && (
          <Text size="sm" c="dimmed">
            {site.full_address}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function NoSite() {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px', minWidth: 0 }}>
      <IconMapPinOff size={20} style={{ flex: 'none', marginTop: 2 }} />
      <Stack gap={2}>
        <Text fw={600}>This project is not on a site yet</Text>
        <Text size="sm" c="dimmed">
          Blocks and levels belong to a site. Choose the project&apos;s site to plan them.
        </Text>
      </Stack>
    </Group>
  );
}
