import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineTheme } from '@mantine/core';

/**
 * Shades chosen for WCAG AA text contrast (4.5:1 on white): the primary blue's shade 8 (white on
 * it 4.6:1, where Mantine's default shade 6 gives 3.55:1), dimmed text gray 7 (where gray 6 gives
 * 3.32:1) error text red 9, and text on light blue tints blue 9. Links are underlined so they stand out from text without colour.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  // Filled colours take black or white text, whichever reaches 4.5:1: white needs a background
  // luminance under 0.183, black one over 0.175.
  autoContrast: true,
  luminanceThreshold: 0.18,
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
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A scrolled table must be reachable by keyboard to be scrolled.
    ScrollArea: { defaultProps: { viewportProps: { tabIndex: 0 } } },
    // …but not a dropdown's option list: its options are reached with the arrow keys, and a
    // focusable element inside role="listbox" is an accessibility fault (axe).
    ...Object.fromEntries(
      ['Select', 'MultiSelect', 'TagsInput', 'Autocomplete'].map((name) => [
        name,
        { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: undefined } } } },
      ]),
    ),
    // Mantine's initial-focus placeholder is a focusable role="presentation" child of the
    // role="menu" list, which axe rightly flags; without it the first item takes focus on open.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A status badge is never cut to "IN PROGR…" on a phone: it keeps its width (the table
    // beside it scrolls) instead of shrinking under its words.
    Badge: {
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } },
    },
  },
});

/**
 * The light (tinted) variant of every colour: shade 0 behind (1 on hover) and shade 9 darkened
 * by a third for text, which keeps even yellow and green above 4.5:1 (Mantine's shade 1 and 2
 * behind the filled shade fall to 2.7–4.0:1).
 */
function lightVariants(theme: MantineTheme): Record<string, string> {
  return Object.fromEntries(
    Object.keys(theme.colors).flatMap((colour) => [
      [`--mantine-color-${colour}-light`, `var(--mantine-color-${colour}-0)`],
      [`--mantine-color-${colour}-light-hover`, `var(--mantine-color-${colour}-1)`],
      [
        `--mantine-color-${colour}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${colour}-9) 70%, black)`,
      ],
    ]),
  );
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...lightVariants(resolved),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // gray-6 on white is 3.3:1; a rendered placeholder (FileInput's "Choose files") needs 4.5:1.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
