import { Link } from 'react-router-dom';
import { Button } from '@mantine/core';
import { paths } from '#domain/paths';
import { NoticeScreen } from './notice-screen';

/** Spec 2: an unknown attribute slug in the URL: what happened and a way back, no retry. */
export function UnknownAttribute() {
  return (
    <NoticeScreen
      title="No existe ese atributo"
      action={
        <Button component={Link} to={paths.attributes.getHref()} mt="sm">
          Ver atributos
        </Button>
      }
    >
      Revisa el enlace o elige uno de los atributos del programa.
    </NoticeScreen>
  );
}
