import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

/**
 * Shades chosen for WCAG AA text contrast (4.5:1 on white): the primary blue's shade 8 (white on
 * it 4.6:1, where Mantine's default shade 6 gives 3.55:1), dimmed text gray 7 (where gray 6 gives
 * 3.32:1) error text red 9, and text on light blue tints blue 9. Links are underlined so they stand out from text without colour.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { sizes: { h1: { fontSize: '1.75rem', lineHeight: '1.3' } } },
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    // The × of dialogs and drawers has no text of its own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // The light (tinted) variant: blue 9 text on blue 0 / blue 1 (hover) stays above 4.5:1;
    // Mantine's blue 1 / blue 2 (hover) under shade 8 text fall to 4.0:1.
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
