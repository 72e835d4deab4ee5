import { Loader, UnstyledButton } from '@mantine/core';
import classes from './demo-user-tile.module.css';

interface DemoUserTileProps {
  label: string;
  email: string;
  pending: boolean;
  disabled: boolean;
  onSelect: () => void;
}

/** "Ana · agente marca 2" → name and role; a label without the separator is all name. */
function splitLabel(label: string): { name: string; role: string | null } {
  const [name = label, ...rest] = label.split(' · ');
  return { name, role: rest.length > 0 ? rest.join(' · ') : null };
}

/** One demo user: name on top, what they show below. */
export function DemoUserTile({ label, email, pending, disabled, onSelect }: DemoUserTileProps) {
  const { name, role } = splitLabel(label);
  return (
    <UnstyledButton className={classes.tile} onClick={onSelect} disabled={disabled || pending} title={email} aria-busy={pending}>
      <span>
        <span className={classes.name}>{name}</span>
        {role && <span className={classes.role}>{role}</span>}
      </span>
      {pending && <Loader size="xs" role="status" aria-label="Cargando..." />}
    </UnstyledButton>
  );
}
