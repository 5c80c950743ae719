import { Box, NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../session/use-current-organisation';
import { AreaBackLink } from './AreaBackLink';

export interface AreaTab<Id extends string> {
  id: Id;
  label: string;
  icon: ReactNode;
}

/**
 * An organisation area of a few pages (/organisations/{slug}/{area}/{page}): the way back to the
 * page the user came from (§2), the area's title, its tabs (a select on phones) and the page.
 */
export function AreaTabsLayout<Id extends string>({
  area,
  title,
  pages,
  pathOf,
  contentMaxWidth,
}: {
  /** The path segment of the area, e.g. "billing". */
  area: string;
  title: string;
  pages: ReadonlyArray<AreaTab<Id>>;
  pathOf: (slug: string, page: Id) => string;
  contentMaxWidth?: number;
}) {
  const organisation = useCurrentOrganisation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = pathname.split(`/${area}/`)[1]?.split('/')[0] ?? '';
  const go = (page: string | null) => {
    const found = pages.find((item) => item.id === page);
    if (found) void navigate(pathOf(organisation.slug, found.id));
  };

  return (
    <Stack gap="md">
      <Box>
        <AreaBackLink slug={organisation.slug} />
        <Title order={1} size="h2" mt={4}>
          {title}
        </Title>
      </Box>
      <NativeSelect
        hiddenFrom="sm"
        aria-label={`${title} page`}
        value={current}
        onChange={(event) => go(event.currentTarget.value)}
        data={pages.map((page) => ({ value: page.id, label: page.label }))}
      />
      <Tabs value={current} onChange={go} visibleFrom="sm">
        <Tabs.List>
          {pages.map((page) => (
            <Tabs.Tab key={page.id} value={page.id} leftSection={page.icon}>
              {page.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {contentMaxWidth ? (
        <Box maw={contentMaxWidth}>
          <Outlet />
        </Box>
      ) : (
        <Outlet />
      )}
    </Stack>
  );
}
