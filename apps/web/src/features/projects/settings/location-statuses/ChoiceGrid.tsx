import { Box, Input, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A radio group drawn as a grid of tiles (colours, icons): one tab stop, arrow keys move and
 * choose, each tile named for screen readers.
 */
export function ChoiceGrid<Value extends string>({
  label,
  options,
  value,
  onChange,
  nameOf,
  renderOption,
  tileSize,
  columns,
  error,
}: {
  label: string;
  options: readonly Value[];
  value: Value;
  onChange: (value: Value) => void;
  nameOf: (value: Value) => string;
  renderOption: (value: Value, selected: boolean) => ReactNode;
  tileSize: number;
  /** Tiles per row: rows of equal length read better than whatever fits. */
  columns: number;
  error?: string;
}) {
  const tiles = useRef(new Map<Value, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent, current: Value) {
    const step = STEP[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = options.indexOf(current);
    const next = options[(index + step + options.length) % options.length];
    if (next === undefined) return;
    onChange(next);
    tiles.current.get(next)?.focus();
  }

  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <Box
        role="radiogroup"
        aria-label={label}
        mt={4}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, ${tileSize}px)`,
          gap: 6,
        }}
      >
        {options.map((option) => {
          const selected = option === value;
          return (
            <UnstyledButton
              key={option}
              ref={(element: HTMLButtonElement | null) => {
                if (element) tiles.current.set(option, element);
                else tiles.current.delete(option);
              }}
              role="radio"
              aria-checked={selected}
              aria-label={nameOf(option)}
              title={nameOf(option)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(option)}
              onKeyDown={(event) => onKeyDown(event, option)}
              style={{
                height: tileSize,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                borderRadius: 'var(--mantine-radius-sm)',
                border: `2px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                background: selected ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              {renderOption(option, selected)}
            </UnstyledButton>
          );
        })}
      </Box>
    </Input.Wrapper>
  );
}
