import type { Membership, Organisation } from '@fieldwork/contract';
import { Avatar, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { organisationRootPath } from '../../app/paths';

export interface OrganisationListProps {
  organisations: Organisation[];
  memberships: Membership[];
}

/** The user's organisations; choosing one opens its projects page. */
export function OrganisationList({ organisations, memberships }: OrganisationListProps) {
  const roleIn = (organisation: Organisation) =>
    memberships.find((membership) => membership.organisation_id === organisation.id)?.role;

  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {organisations.map((organisation) => (
        <li key={organisation.id}>
          <Paper withBorder radius="md">
            <UnstyledButton
              component={Link}
              to={organisationRootPath(organisation.slug)}
              p="md"
              w="100%"
              display="block"
            >
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Avatar radius="md" color="blue">
                    {organisation.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Text fw={600} truncate>
                    {organisation.name}
                  </Text>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {roleIn(organisation) && (
                    <Badge variant="light" visibleFrom="xs">
                      {roleIn(organisation)}
                    </Badge>
                  )}
                  <IconChevronRight size={18} />
                </Group>
              </Group>
            </UnstyledButton>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
