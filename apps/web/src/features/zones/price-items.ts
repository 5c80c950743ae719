import type { PriceItem } from '@fieldwork/contract';
import { priceItemTotal } from '@fieldwork/contract';
import { amountText, parseAmount } from '../materials';
import type { PriceItemInput } from './priced-api';

/** One price item while it is edited: the quantity and unit price as typed. */
export interface PriceItemDraft {
  /** Tells the rows apart while they are edited (the item's id, or a new one). */
  key: string;
  id?: string;
  description: string;
  quantity: string;
  price: string;
}

let nextKey = 0;
export const newItemDraft = (): PriceItemDraft => ({
  key: `new-${(nextKey += 1)}`,
  description: '',
  quantity: '1',
  price: '',
});

export const itemDraftsOf = (items: readonly PriceItem[]): PriceItemDraft[] =>
  items.map((item) => ({
    key: item.id,
    id: item.id,
    description: item.description,
    quantity: String(item.quantity),
    price: amountText(item.price),
  }));

/** "2.5" → 2.5; null when it is not a quantity (a number, not below nought). */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d+([.,]\d+)?\s*$/.test(text)) return null;
  return Number(text.trim().replace(',', '.'));
}

/** A line's total as the server will store it (priceItemTotal); null while it cannot be read. */
export function draftTotal(draft: PriceItemDraft): number | null {
  const quantity = parseQuantity(draft.quantity);
  const price = parseAmount(draft.price);
  return quantity === null || price === null ? null : priceItemTotal(quantity, price);
}

/** The sum of the lines that can be read. */
export const draftsTotal = (drafts: readonly PriceItemDraft[]) =>
  drafts.reduce((sum, draft) => sum + (draftTotal(draft) ?? 0), 0);

/** The sum of stored items' totals (computed by the server). */
export const itemsTotal = (items: readonly { total: number }[]) =>
  items.reduce((sum, item) => sum + item.total, 0);

/**
 * The body's price_items, or the messages of the lines that cannot be sent, keyed
 * `{index}.{field}` as the server's `price_items.{index}.{field}` errors are.
 */
export function itemsInput(drafts: readonly PriceItemDraft[]): {
  items: PriceItemInput[];
  errors: Record<string, string>;
} {
  const items: PriceItemInput[] = [];
  const errors: Record<string, string> = {};
  drafts.forEach((draft, index) => {
    const quantity = parseQuantity(draft.quantity);
    const price = parseAmount(draft.price);
    if (!draft.description.trim()) errors[`${index}.description`] = 'Required';
    if (quantity === null) errors[`${index}.quantity`] = 'A number, e.g. 2.5';
    if (price === null) errors[`${index}.price`] = 'An amount, e.g. 12.50';
    if (quantity === null || price === null) return;
    items.push({
      ...(draft.id ? { id: draft.id } : {}),
      description: draft.description.trim(),
      quantity,
      price,
    });
  });
  return { items, errors };
}
