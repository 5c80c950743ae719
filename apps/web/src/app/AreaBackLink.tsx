import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { areaReturnPath, organisationPageOf } from './area-return-path';
import { organisationPath } from './paths';

/** "clients" → "clients", "job_sheets" → "job sheets"; the root is the projects page. */
export function pageName(page: string): string {
  return page.replace(/[_-]+/g, ' ').trim() || 'projects';
}

/** The page the user came from before entering the settings, account, billing or subscription area (§2). */
export function returnTarget(slug: string): { to: string; name: string } {
  const to = areaReturnPath(slug) ?? organisationPath(slug);
  return { to, name: pageName(organisationPageOf(to.split('?')[0] ?? '', slug) ?? '') };
}

/** "← Back to clients": the way back out of the area. */
export function AreaBackLink({ slug }: { slug: string }) {
  const { to, name } = returnTarget(slug);
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        Back to {name}
      </Group>
    </Anchor>
  );
}
