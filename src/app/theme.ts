// The one Mantine theme of +impecable: a confident blue for actions and navigation,
// a warm amber reserved for IMPs (balance, rewards), rounded cards, system fonts
// (no web-font download: the app must open offline and fast on shop-floor Wi-Fi).
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { FONT_FAMILY } from '#app/font.ts';

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

// Status colours: Mantine's own light shades for fills and borders, and the dark end (8-9,
// and teal 7) deepened so it can carry text. Alerts (light variant) write in shade 9 on
// shade 1; amounts and verdicts use 8-9 on white or shade 0: all ≥ 4.5:1 (WCAG AA), where
// Mantine's teal-8 (#099268) is 3.9:1 on white and its yellow-9 on yellow-1 is 2.7:1.
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0a8462', '#07785a', '#066649'];
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#2f9e44', '#237a35', '#1f6a2e'];
const yellow: MantineColorsTuple = ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#f59f00', '#9c5a00', '#7a4800'];
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#b8440d', '#9a380a'];
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#c92a2a', '#a51f1f'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, imps, teal, green, yellow, orange, red },
  fontFamily: FONT_FAMILY,
  headings: {
    fontFamily: FONT_FAMILY,
    fontWeight: '700',
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
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // Mantine's focus placeholder is a role="presentation" child of role="menu", which a menu
    // may not hold (axe aria-required-children): the first item takes the focus instead.
    Menu: { defaultProps: { radius: 'md', shadow: 'lg', withInitialFocusPlaceholder: false } },
    // Modal, Drawer, Alert and Notification close buttons are an icon alone: named in Spanish.
    CloseButton: { defaultProps: { 'aria-label': 'Cerrar' } },
    Alert: { defaultProps: { radius: 'md', variant: 'light' } },
    // A <header> outside a section landmark is a banner: inside a dialog it would be a second
    // one beside the app header (axe landmark-no-duplicate-banner). The title is an h2 anyway.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    TextInput: { defaultProps: { radius: 'md' } },
    // Under a title, Mantine greys a notification's text with gray-6 (3.3:1 on white): the
    // app's dimmed colour instead, as all its secondary text (cssVariablesResolver below).
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
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
