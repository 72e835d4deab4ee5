import type { SessionUser } from '#contract/session';
import { useOnDemand } from '#app/hooks/use-on-demand.ts';
import { MenuButton } from '#app/layouts/menu-button.tsx';

const loadMenu = () => import('#app/layouts/main-menu-popup.tsx').then((m) => m.MainMenuPopup);

/**
 * Spec 2 "Navigation menu". The first paint shows the button alone; the menu (Mantine Menu,
 * floating-ui, focus trap: main-menu-popup.tsx) loads on the first pointer, focus or key on
 * it, and opens if the button was pressed meanwhile.
 */
export function MainMenu({ user }: { user: SessionUser }) {
  const { Loaded, start, standIn } = useOnDemand(loadMenu);
  if (Loaded && start) return <Loaded user={user} {...start} />;
  return <MenuButton {...standIn} aria-haspopup="menu" aria-expanded={false} />;
}
