// The header's look, with no data and no router: the app's header (app-header.tsx) fills it
// from the session, and the first paint's frame (app/shell/frame.tsx), rendered at build time,
// draws it with the slots the inline script fills. One copy of the header's markup and CSS.
import type { ReactNode } from 'react';
import { Skeleton, type ButtonProps } from '@mantine/core';
import { Logo } from '#components/logo';
import classes from './header.module.css';

interface HeaderLayoutProps {
  /** Wraps the logo: the app's link home, the frame's plain box. Given the class that places it. */
  home: (className: string | undefined, logo: ReactNode) => ReactNode;
  greeting: ReactNode;
  /** The greeting box's id (the frame's slot for it). */
  greetingId?: string;
  /** Phones' second row (Saldo, Canjear); none for profiles without them. */
  actions?: ReactNode;
  /** One row only; by default when there are no actions. */
  compact?: boolean;
  /** An extra class on the actions' box (the frame shows it for agents only). */
  actionsClassName?: string;
  /** The notifications bell and the menu button. */
  menu: ReactNode;
  /** Under the row: the sync line. */
  children?: ReactNode;
}

/** Spec 2 "Header": logo, greeting, balance, Canjear and the menu. Phones stack it in two rows. */
export function HeaderLayout({ home, greeting, greetingId, actions, compact = !actions, actionsClassName, menu, children }: HeaderLayoutProps) {
  return (
    <header className={classes.header}>
      <div className={classes.inner} data-compact={compact || undefined}>
        {home(classes.logo, <Logo size={34} inverted wordmarkVisibleFrom="xs" />)}
        <div className={classes.greeting} id={greetingId}>
          {greeting}
        </div>
        {actions && <div className={actionsClassName ? `${classes.actions} ${actionsClassName}` : classes.actions}>{actions}</div>}
        <div className={classes.menu}>{menu}</div>
      </div>
      {children}
    </header>
  );
}

/** The "Saldo" box: its label, then the figure (or its bone). */
export function BalanceLook({ children }: { children: ReactNode }) {
  return (
    <div className={classes.balance} role="group" aria-label="Saldo">
      <span className={classes.balanceLabel}>Saldo</span>
      <span className={classes.balanceFigure}>{children}</span>
    </div>
  );
}

/** "1.860 IMPs": the figure and its unit. */
export function BalanceAmount({ amount, unit, title }: { amount: ReactNode; unit: ReactNode; title?: string }) {
  return (
    <span className={classes.balanceValue} title={title}>
      {amount} <span className={classes.balanceUnit}>{unit}</span>
    </span>
  );
}

/** The figure's place while it loads: as tall as its line (16 px × 1.15), so the header keeps its height when the figure comes. */
export function BalanceBone() {
  return <Skeleton height={16.4} width={72} my={1} aria-label="Cargando..." />;
}

/** "Canjear"'s look: a white button on the blue header. */
export const REDEEM_LOOK = { variant: 'white', color: 'brand', size: 'sm' } as const satisfies ButtonProps;
