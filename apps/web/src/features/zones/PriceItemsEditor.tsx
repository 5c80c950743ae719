import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMoney } from '../materials';
import { AmountInput } from './AmountInput';
import { draftTotal, draftsTotal, newItemDraft, type PriceItemDraft } from './price-items';

/** The columns of a line (of 24): one line on a wide screen, description above the rest on a phone. */
const SPAN = {
  description: { base: 24, sm: 11 },
  quantity: { base: 7, sm: 4 },
  price: { base: 8, sm: 4 },
  total: { base: 6, sm: 3 },
  remove: { base: 3, sm: 2 },
};

/**
 * The price items of a zone or specification, editable: description, quantity and unit price per
 * line, each line's total and the overall total shown as they are typed (computed as the server
 * computes them). Errors are keyed `{index}.{field}`.
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
  // On a phone each input carries its own label (the column headings are wide-screen only).
  const phone = useMediaQuery('(max-width: 48em)');
  const label = (text: string) => (phone ? text : undefined);
  const change = (index: number, part: Partial<PriceItemDraft>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...part } : item)));
  const heading = (text: string) => (
    <Text size="sm" fw={600}>
      {text}
    </Text>
  );
  return (
    <Stack gap="xs">
      <Divider label="Price items" labelPosition="left" />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No price items.
        </Text>
      ) : (
        <Box role="group" aria-label="Price items">
          <Grid columns={24} gap="xs" visibleFrom="sm" aria-hidden>
            <Grid.Col span={SPAN.description}>{heading('Description')}</Grid.Col>
            <Grid.Col span={SPAN.quantity}>{heading('Quantity')}</Grid.Col>
            <Grid.Col span={SPAN.price}>{heading('Unit price')}</Grid.Col>
            <Grid.Col span={SPAN.total} ta="right">
              {heading('Total')}
            </Grid.Col>
          </Grid>
          {items.map((item, index) => {
            const line = index + 1;
            const total = draftTotal(item);
            return (
              <Grid
                key={item.key}
                columns={24}
                gap="xs"
                align={phone ? 'flex-end' : 'flex-start'}
                py={phone ? 'xs' : 4}
                style={
                  phone && index > 0
                    ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                    : undefined
                }
              >
                <Grid.Col span={SPAN.description}>
                  <TextInput
                    label={label(`Item ${line}`)}
                    aria-label={`Description of item ${line}`}
                    value={item.description}
                    error={errors[`${index}.description`]}
                    onChange={(event) => change(index, { description: event.currentTarget.value })}
                  />
                </Grid.Col>
                <Grid.Col span={SPAN.quantity}>
                  <TextInput
                    label={label('Quantity')}
                    aria-label={`Quantity of item ${line}`}
                    inputMode="decimal"
                    value={item.quantity}
                    error={errors[`${index}.quantity`]}
                    onChange={(event) => change(index, { quantity: event.currentTarget.value })}
                  />
                </Grid.Col>
                <Grid.Col span={SPAN.price}>
                  <AmountInput
                    label={label('Unit price')}
                    aria-label={`Unit price of item ${line}`}
                    value={item.price}
                    error={errors[`${index}.price`]}
                    onChange={(event) => change(index, { price: event.currentTarget.value })}
                  />
                </Grid.Col>
                <Grid.Col span={SPAN.total}>
                  <Text size="sm" ta="right" lh="36px">
                    {total === null ? '—' : money(total)}
                  </Text>
                </Grid.Col>
                <Grid.Col span={SPAN.remove}>
                  <Group justify="flex-end" h={36}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove item ${line}`}
                      onClick={() => onChange(items.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Grid.Col>
              </Grid>
            );
          })}
        </Box>
      )}
      <Group justify="space-between">
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
    </Stack>
  );
}
