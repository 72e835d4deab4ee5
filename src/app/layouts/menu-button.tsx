import type { ComponentPropsWithRef } from 'react';
import { Button } from '@mantine/core';
import classes from './header.module.css';

// A translucent button that reads on the blue header (white text ≥ 7:1 on the brand blue).
const onBrandButtonVars = () => ({
  root: {
    '--button-bg': 'rgba(255, 255, 255, 0.12)',
    '--button-hover': 'rgba(255, 255, 255, 0.24)',
    '--button-color': 'var(--mantine-color-white)',
    '--button-bd': '1px solid rgba(255, 255, 255, 0.45)',
  },
});

function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

/**
 * The header's "Menú" button, the same whether it stands in before the menu loads or is the
 * menu's target. Phones show the icon alone (the name stays "Menú"), so the greeting keeps the room.
 */
export function MenuButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <Button
      {...props}
      variant="filled"
      size="sm"
      leftSection={<MenuIcon />}
      vars={onBrandButtonVars}
      aria-label="Menú"
      classNames={{ root: classes.menuButton, section: classes.menuIcon, label: classes.menuLabel }}
    >
      Menú
    </Button>
  );
}
