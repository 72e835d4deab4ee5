// The one Mantine theme of +impecable: a confident blue for actions and navigation,
// a warm amber reserved for IMPs (balance, rewards), rounded cards, system fonts
// (no web-font download: the app must open offline and fast on shop-floor Wi-Fi).
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Shade 6 is the manifest's theme colour (#0b5cab): 6.6:1 on white, so filled
// buttons and links pass WCAG AA with white or on-white text.
const brand: MantineColorsTuple = [
  '#e8f1fb',
  '#cfe0f5',
  '#9fc1ea',
  '#6a9fdf',
  '#3f82d4',
  '#1f6ec6',
  '#0b5cab',
  '#094c8e',
  '#073d72',
  '#052d55',
];

// Warm accent for IMPs. Text uses shades 8-9 (≥ 6:1 on shade 0); fills use 4-5 with dark text.
const imps: MantineColorsTuple = [
  '#fff6e6',
  '#ffe9c2',
  '#ffd58a',
  '#ffbf4d',
  '#ffab1f',
  '#f59a00',
  '#d98300',
  '#b36a00',
  '#8a5100',
  '#5e3700',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, imps },
  fontFamily:
    'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
    textWrap: 'balance',
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  focusRing: 'auto',
  respectReducedMotion: true,
  cursorType: 'pointer',
  autoContrast: true,
  shadows: {
    xs: '0 1px 2px rgba(16, 35, 63, 0.06)',
    sm: '0 1px 3px rgba(16, 35, 63, 0.08), 0 1px 2px rgba(16, 35, 63, 0.04)',
    md: '0 4px 14px rgba(16, 35, 63, 0.08), 0 2px 4px rgba(16, 35, 63, 0.04)',
    lg: '0 12px 32px rgba(16, 35, 63, 0.12)',
    xl: '0 24px 48px rgba(16, 35, 63, 0.16)',
  },
  components: {
    Card: { defaultProps: { radius: 'lg', shadow: 'sm', padding: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: { radius: 'lg', centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } },
      styles: { title: { fontWeight: 750, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Menu: { defaultProps: { radius: 'md', shadow: 'lg' } },
    Alert: { defaultProps: { radius: 'md', variant: 'light' } },
    TextInput: { defaultProps: { radius: 'md' } },
  },
});

/**
 * Mantine's default "dimmed" text (gray-6) is 3.3:1 on white; secondary text here must
 * still reach WCAG AA (4.5:1), on white cards and on the amber demo card alike.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#56606c' },
  dark: {},
});
