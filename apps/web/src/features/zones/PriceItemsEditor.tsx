import { ActionIcon, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMoney } from '../materials';
import { AmountInput } from './AmountInput';
import { draftTotal, draftsTotal, newItemDraft, type PriceItemDraft } from './price-items';

/**
 * The price items of a zone or specification as an editable table: description, quantity and unit
 * price per line, each line's total and the overall total shown as they are typed (computed as
 * the server computes them). Errors are keyed `{index}.{field}`.
 */
export function PriceItemsEditor({
  items,
  errors,
  onChange,
}: {
  items: PriceItemDraft[];
  errors: Record<string, string>;
  onChange: (items: PriceItemDraft[]) => void;
}) {
  const money = useMoney();
  const change = (index: number, part: Partial<PriceItemDraft>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...part } : item)));
  return (
    <div>
      <Text fw={500} size="sm" mb={4}>
        Price items
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No price items.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th w={90}>Quantity</Table.Th>
                <Table.Th w={110}>Unit price</Table.Th>
                <Table.Th w={100} ta="right">
                  Total
                </Table.Th>
                <Table.Th w={40}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, index) => {
                const line = index + 1;
                const total = draftTotal(item);
                return (
                  <Table.Tr key={item.key}>
                    <Table.Td>
                      <TextInput
                        aria-label={`Description of item ${line}`}
                        value={item.description}
                        error={errors[`${index}.description`]}
                        onChange={(event) =>
                          change(index, { description: event.currentTarget.value })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Quantity of item ${line}`}
                        inputMode="decimal"
                        value={item.quantity}
                        error={errors[`${index}.quantity`]}
                        onChange={(event) => change(index, { quantity: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <AmountInput
                        aria-label={`Unit price of item ${line}`}
                        value={item.price}
                        error={errors[`${index}.price`]}
                        onChange={(event) => change(index, { price: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{total === null ? '—' : money(total)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove item ${line}`}
                        onClick={() => onChange(items.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...items, newItemDraft()])}
        >
          Add price item
        </Button>
        <Text size="sm" fw={500}>
          Items total: {money(draftsTotal(items))}
        </Text>
      </Group>
    </div>
  );
}
