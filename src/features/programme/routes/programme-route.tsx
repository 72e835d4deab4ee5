import { lazy, Suspense, useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import { canEditProgramme } from '#domain/profiles';
import { paths } from '#domain/paths';
import { sessionAtom } from '#offline/session';
import { PageLoader } from '#components/page-loader';
import { RestrictedAccess } from '#components/restricted-access';
import { RouteTitleText } from '#components/route-title';
import { PROGRAMME_SECTIONS } from '../sections.ts';

/** /programa/:seccion (issue 35): the admin's back-office for the programme, one tab per section. */
export default function ProgrammeRoute() {
  const session = useAtomValue(sessionAtom);
  const { seccion } = useParams();
  const navigate = useNavigate();
  const section = PROGRAMME_SECTIONS.find((s) => s.id === seccion?.toLowerCase());
  const Section = useMemo(() => (section ? lazy(() => section.load().then((Component) => ({ default: Component }))) : null), [section]);

  if (!session.user || session.originalUser || !canEditProgramme(session.user.perfil)) {
    return <RestrictedAccess text="Solo un administrador puede cambiar el programa." />;
  }
  if (!section || !Section) return <Navigate to={paths.programme.getHref()} replace />;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <RouteTitleText />
      </Title>
      {/* A phone picks the section from a list; a wider screen shows every section as a tab. */}
      <NativeSelect
        hiddenFrom="sm"
        label="Sección"
        value={section.id}
        onChange={(event) => void navigate(paths.programme.getHref(event.currentTarget.value))}
        data={PROGRAMME_SECTIONS.map((s) => ({ value: s.id, label: s.label }))}
      />
      <Tabs visibleFrom="sm" value={section.id} onChange={(value) => value && void navigate(paths.programme.getHref(value))} variant="pills" keepMounted={false}>
        <Tabs.List aria-label="Secciones del programa">
          {PROGRAMME_SECTIONS.map((s) => (
            <Tabs.Tab key={s.id} value={s.id}>
              {s.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Suspense fallback={<PageLoader label="Cargando..." />}>
        <Section />
      </Suspense>
    </Stack>
  );
}
