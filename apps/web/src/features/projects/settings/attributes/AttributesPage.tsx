import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useEditTarget } from '../../../../ui/forms/RecordFormModal';
import type { AnyAttribute, AttributeList } from '../config-lists';
import { ConfigListPanel } from '../ConfigListPanel';
import { confirmRemoval } from '../confirm-removal';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { RowActions } from '../RowActions';
import { useDeleteConfigItem } from '../use-config-list';
import { ATTRIBUTE_LIST_COPY, ATTRIBUTE_TYPE_LABEL, attributeDetails } from './attribute-kinds';
import { AttributeFormModal } from './AttributeFormModal';

/** Settings › Job, Location or Specification attributes: one editor for the three lists. */
export function AttributesPage({ owner, list }: { owner: SettingsOwner; list: AttributeList }) {
  const copy = ATTRIBUTE_LIST_COPY[list];
  const edit = useEditTarget<AnyAttribute>();
  const remove = useDeleteConfigItem(owner, list);

  return (
    <>
      <ConfigListPanel
        owner={owner}
        list={list}
        title={copy.title}
        description={`${copy.description.replace('{owner}', ownerNoun(owner))}`}
        addLabel="Add attribute"
        onAdd={edit.openCreate}
        empty={{
          icon: <IconForms size={32} />,
          title: `No ${copy.title.toLowerCase()}`,
          description: `Add the first ${copy.noun}; it shows on every record in the order here.`,
        }}
        nameOf={(attribute) => attribute.name}
      >
        {(attribute: AnyAttribute) => {
          const details = attributeDetails(attribute);
          return (
            <Group gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={500} truncate>
                  {attribute.name}
                </Text>
                {details.length > 0 && (
                  <Text size="xs" c="dimmed" truncate>
                    {details.join(' · ')}
                  </Text>
                )}
              </Stack>
              <Badge variant="light" color="gray" style={{ flex: 'none' }}>
                {ATTRIBUTE_TYPE_LABEL[attribute.type]}
              </Badge>
              <RowActions
                name={attribute.name}
                onEdit={() => edit.openEdit(attribute)}
                onDelete={() =>
                  confirmRemoval({
                    title: `Delete ${attribute.name}`,
                    name: attribute.name,
                    message: `${attribute.name} and every value recorded for it are removed from this ${ownerNoun(owner)}.`,
                    remove: () => remove.mutateAsync({ id: attribute.id }),
                  })
                }
              />
            </Group>
          );
        }}
      </ConfigListPanel>
      <AttributeFormModal owner={owner} list={list} target={edit.target} onClose={edit.close} />
    </>
  );
}
