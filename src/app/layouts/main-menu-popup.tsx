import { Fragment, useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Menu } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { activeMenuHref, menuItems } from '#domain/navigation';
import { useCachedAppConfig } from '#data/shared-reads';
import { paths } from '#app/paths.ts';
import { useTakeOver, type OnDemandStart } from '#app/hooks/use-on-demand.ts';
import { MenuButton } from '#app/layouts/menu-button.tsx';

/** Spec 2 "Navigation menu": the user's items in order, the current one highlighted; staff screens under "Gestión". */
export function MainMenuPopup({ user, ...start }: { user: SessionUser } & OnDemandStart) {
  const { pathname } = useLocation();
  // Who may import users depends on the corporate domain, server configuration: read through
  // the device cache as /importar-usuarios reads it, so the menu agrees with it offline too.
  const config = useCachedAppConfig(user.id);
  const items = menuItems(user, config.data?.corporateDomain);
  const firstStaff = items.find((i) => i.staff)?.href;
  const active = activeMenuHref(items, pathname);
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);

  useTakeOver(target, start, useCallback(() => setOpened(true), []));

  return (
    <Menu position="bottom-end" width={260} offset={8} withinPortal trapFocus opened={opened} onChange={setOpened}>
      <Menu.Target>
        <MenuButton ref={target} />
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
