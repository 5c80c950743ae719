/**
 * Readers for the open records of GET /me/context (an organisation's options and preboarding are
 * declared as records there): each answers the value when it has the expected type, else the
 * fallback, so a missing or odd part reads as "not set".
 */
export type Part = Record<string, unknown>;

export const part = (value: unknown): Part =>
  typeof value === 'object' && value !== null ? (value as Part) : {};

export function text(value: unknown): string | null;
export function text(value: unknown, fallback: string): string;
export function text(value: unknown, fallback: string | null = null): string | null {
  return typeof value === 'string' ? value : fallback;
}

export const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

export const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export const oneOf = <T extends string>(values: readonly T[], value: unknown): T | null =>
  values.find((candidate) => candidate === value) ?? null;
