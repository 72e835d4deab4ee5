import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { paths } from '#domain/paths';
import { NoticeScreen } from './notice-screen';

interface AttributeNotOpenProps {
  /** The attribute's display name ("Confiable"). */
  attributeName: string;
  /** Where the way back goes; the attributes list by default. */
  back?: { to: string; label: string };
}

/**
 * An attribute that exists but whose month has not opened yet (disabled in the calendar):
 * not an error and not an unknown slug, so no retry, just what it is and a way back.
 */
export function AttributeNotOpen({ attributeName, back = { to: paths.attributes.getHref(), label: 'Ver atributos' } }: AttributeNotOpenProps) {
  return (
    <NoticeScreen
      title="Este atributo aún no está abierto"
      icon={
        <>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M16 3v4M8 3v4M3 11h18" />
        </>
      }
      action={
        <Button component={Link} to={back.to} mt="sm">
          {back.label}
        </Button>
      }
    >
      {attributeName} se abrirá más adelante en el programa. Mientras tanto, sigue con los atributos abiertos.
    </NoticeScreen>
  );
}
