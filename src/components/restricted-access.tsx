import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { paths } from '#domain/paths';
import { NoticeScreen } from './notice-screen';

interface RestrictedAccessProps {
  /** The page's heading: the spec's refusal for this section. */
  title?: string;
  /** A line under it, or null for none. */
  text?: string | null;
}

/**
 * What a user outside a section's audience sees: a heading with the spec's words and a way
 * back ("Volver al inicio", to / which takes each profile to its own start). Spec 2: /premios
 * and /mis-ordenes say "Acceso restringido"; /navegacion-simulada "No tienes acceso a esta
 * sección"; /descargar/ranking "No tienes acceso a esta seccion".
 */
export function RestrictedAccess({ title = 'Acceso restringido', text = 'No tienes permisos para acceder a esta sección.' }: RestrictedAccessProps) {
  return (
    <NoticeScreen
      title={title}
      icon={
        <>
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </>
      }
      action={
        <Button component={Link} to={paths.root.getHref()} mt="sm">
          Volver al inicio
        </Button>
      }
    >
      {text}
    </NoticeScreen>
  );
}
