// The app's typeface, for the theme (theme.ts) and the bench's static pages, which cannot load Mantine.

/**
 * The device's own interface font (Roboto on Android, San Francisco on Apple, Segoe UI on
 * Windows). system-ui first: every family the browser must look up and miss before the one it
 * finds costs layout time, once per weight, on every first visit. The weights are few for the
 * same reason: 400, 500, 600, 700 and 800.
 */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
