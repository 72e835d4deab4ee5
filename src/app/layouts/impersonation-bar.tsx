// The simulated navigation's bar, with no data: ImpersonationBanner fills it from the session,
// and the first paint's frame (app/shell/frame.tsx) draws it with the nickname's slot.
import type { ReactNode, Ref } from 'react';
import { Button } from '@mantine/core';
import classes from './impersonation-banner.module.css';

interface ImpersonationBarProps {
  nickName: ReactNode;
  /** What "salir" does; the frame's does nothing. */
  onExit?: () => void;
  leaving?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/** "Estás navegando como {nick_name}" with "salir", fixed to the bottom edge. */
export function ImpersonationBar({ nickName, onExit, leaving = false, ref }: ImpersonationBarProps) {
  return (
    <div ref={ref} className={classes.bar} role="region" aria-label="Navegación simulada">
      <div className={classes.inner}>
        <span className={classes.text}>Estás navegando como {nickName}</span>
        <Button color="dark" size="sm" onClick={onExit} loading={leaving} className={classes.exit}>
          salir
        </Button>
      </div>
    </div>
  );
}
