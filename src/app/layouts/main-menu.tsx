import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, Menu } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { activeMenuHref, menuItems } from '#domain/navigation';
import { useCachedAppConfig } from '#data/shared-reads';
import { paths } from '#app/paths.ts';
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

/** Spec 2 "Navigation menu": the user's items in order, the current one highlighted; staff screens under "Gestión". */
export function MainMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  // Who may import users depends on the corporate domain, server configuration: read through
  // the device cache as /importar-usuarios reads it, so the menu agrees with it offline too.
  const config = useCachedAppConfig(user.id);
  const items = menuItems(user, config.data?.corporateDomain);
  const firstStaff = items.find((i) => i.staff)?.href;
  const active = activeMenuHref(items, pathname);

  return (
    <Menu position="bottom-end" width={260} offset={8} withinPortal trapFocus>
      <Menu.Target>
        {/* Phones show the icon alone (the name stays "Menú"), so the greeting keeps the room. */}
        <Button variant="filled" size="sm" leftSection={<MenuIcon />} vars={onBrandButtonVars} aria-label="Menú" classNames={{ root: classes.menuButton, section: classes.menuIcon, label: classes.menuLabel }}>
          Menú
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Menú principal">
        {items.map((item) => {
          const isLogout = item.href === paths.logout.path;
          const current = item.href === active;
          return (
            <Fragment key={item.href}>
              {isLogout && items.length > 1 && <Menu.Divider />}
              {item.href === firstStaff && (
                <>
                  <Menu.Divider />
                  <Menu.Label c="gray.7">Gestión</Menu.Label>
                </>
              )}
              <Menu.Item
                component={Link}
                to={item.href}
                aria-current={current ? 'page' : undefined}
                fw={current ? 700 : 500}
                bg={current ? 'brand.0' : undefined}
                c={current ? 'brand.8' : isLogout ? 'red.9' : undefined}
                style={current ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-brand-6)' } : undefined}
              >
                {item.label}
              </Menu.Item>
            </Fragment>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
