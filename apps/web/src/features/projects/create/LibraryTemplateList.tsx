import type { LibraryProjectTemplate } from '@fieldwork/contract';
import { Badge, Group, Radio, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { LocationStatusChip } from '../LocationStatusChip';
import { useLibraryProjectTemplates } from '../project-options-api';

/** The product's project templates as cards: what each is for, its forms and its statuses. */
export function LibraryTemplateList({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const templates = useLibraryProjectTemplates();

  if (templates.isError) {
    return <QueryErrorState title="Could not load the template library" query={templates} />;
  }
  if (!templates.data) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading templates">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  }
  if (templates.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The library has no project templates yet.
      </Text>
    );
  }

  return (
    <Radio.Group
      label="Library template"
      value={value || null}
      onChange={onChange}
      error={error}
      required
    >
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars mt="xs">
        <Stack gap="xs">
          {templates.data.map((template) => (
            <LibraryTemplateCard key={template.id} template={template} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}

function LibraryTemplateCard({ template }: { template: LibraryProjectTemplate }) {
  return (
    <Radio.Card value={template.id} radius="md" p="sm" aria-label={template.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Radio.Indicator size="sm" mt={2} />
        <Stack gap={6} miw={0}>
          <Text size="sm" fw={600}>
            {template.name}
          </Text>
          {template.description && (
            <Text size="xs" c="dimmed">
              {template.description}
            </Text>
          )}
          {template.forms.length > 0 && (
            <Group gap={4} aria-label={`Forms of ${template.name}`}>
              <Text size="xs" fw={500} mr={4}>
                Forms
              </Text>
              {template.forms.map((form) => (
                <Badge key={form.name} size="sm" variant="outline" color="gray" tt="none">
                  {form.name}
                </Badge>
              ))}
            </Group>
          )}
          {template.location_statuses.length > 0 && (
            <Group gap={4} aria-label={`Statuses of ${template.name}`}>
              <Text size="xs" fw={500} mr={4}>
                Statuses
              </Text>
              {template.location_statuses.map((status) => (
                <LocationStatusChip key={status.name} status={status} size="sm" />
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}
