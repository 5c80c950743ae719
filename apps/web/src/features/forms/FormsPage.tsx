import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { formPath, NEW_FORM } from './form-paths';
import { useFormList } from './forms-api';

/** Library › Forms: the organisation's forms, each opening in the builder. */
export function FormsPage() {
  const slug = useCurrentOrganisation().slug;
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const forms = useFormList({
    filter: { search, ...(showArchived ? {} : { archived: false }) },
    sort: 'name',
    page: 'all',
  });

  const rows = forms.data?.data ?? [];
  // What the caller may do comes with the list (meta.permissions).
  const canCreate = forms.data?.meta.permissions?.create === true;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Forms
          </Title>
          <Text size="sm" c="dimmed">
            What operatives fill in on a job: sections, fields and the rules that show them.
          </Text>
        </Stack>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} />}
            // The form is created by its first save in the builder, never before.
            onClick={() => void navigate(formPath(slug, NEW_FORM))}
          >
            New form
          </Button>
        )}
      </Group>
      <Group gap="md">
        <TextInput
          placeholder="Search forms"
          aria-label="Search forms"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Switch
          label="Show archived"
          checked={showArchived}
          onChange={(event) => setShowArchived(event.currentTarget.checked)}
        />
      </Group>
      <Paper withBorder radius="md">
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Fields</Table.Th>
              <Table.Th>Templates</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((form) => (
              <Table.Tr key={form.id}>
                <Table.Td>
                  <Anchor component={Link} to={formPath(slug, form.id)}>
                    {form.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {form.sections.reduce((total, section) => total + section.fields.length, 0)}
                </Table.Td>
                <Table.Td>{form.project_template_count}</Table.Td>
                <Table.Td>
                  {form.archived_at ? (
                    <Badge color="gray">Archived</Badge>
                  ) : form.in_use ? (
                    <Badge color="green">In use</Badge>
                  ) : (
                    <Badge variant="light">Not in use</Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {!rows.length && !forms.isPending && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="lg">
                    No forms yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
