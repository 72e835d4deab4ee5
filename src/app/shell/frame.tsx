// The first paint's frame (#app-shell), rendered to static markup at build time
// (scripts/vite/app-shell.ts) from the app's own parts: the header, the sign-in card and pitch,
// the status card, the catalogue's first card, Mantine's skeletons. Every frame is in this one
// tree; the inline script (boot.ts) picks one (data-frame), fills the slots (as-* ids) and sets
// data-* switches, which shell.css reads. It paints before any of the app's JavaScript and is
// never hydrated: React removes it when its first screen commits (shell.ts). No router, no
// store, no device data.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, MantineProvider, Paper, Skeleton, Stack, Title } from '@mantine/core';
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '#app/global.css';
import { cssVariablesResolver, theme } from '#app/theme.ts';
import { BalanceAmount, BalanceBone, BalanceLook, HeaderLayout, REDEEM_LOOK } from '#app/layouts/header-layout.tsx';
import { ImpersonationBar } from '#app/layouts/impersonation-bar.tsx';
import { MenuButton } from '#app/layouts/menu-button.tsx';
import { PageContainer } from '#app/layouts/page-container.tsx';
import { SyncDetailsTrigger } from '#app/layouts/sync-details-trigger.tsx';
import { OfflineLabel, SyncLine } from '#app/layouts/sync-line.tsx';
import { AuthShell } from '#features/auth/components/auth-shell.tsx';
import { LoginCard, SignInBone } from '#features/auth/components/login-card.tsx';
import { LoginPitch } from '#features/auth/components/login-pitch.tsx';
import { StatusCard } from '#features/auth/components/session-status-screen.tsx';
import { BellButton } from '#features/notifications/components/bell-button.tsx';
import { CardLook, CatalogueGrid } from '#features/rewards/catalogue/components/product-card.tsx';
import { ScreenTitle } from '#features/rewards/components/screen-title.tsx';
import { PRIZE_FRAME_SLOT_ID } from '#contract/common-constants';
import { paths } from '#domain/paths';
import { ROUTES } from '#app/routes.ts';
import imageClasses from '#features/rewards/components/product-image.module.css';

/** A part shown only in some frames or states (shell.css hides it otherwise); it takes no box of its own. */
function Part({ name, inline = false, children }: { name: string; inline?: boolean; children: ReactNode }) {
  const Tag = inline ? 'span' : 'div';
  return <Tag className={`as-part as-${name}`}>{children}</Tag>;
}

/** /premios' title, for its frame's own title row (the catalogue's: with the balance beside it). */
const catalogueTitle = ROUTES.find((route) => route.path === paths.catalogue.path)?.title;
const CATALOGUE_TITLE = typeof catalogueTitle === 'string' ? catalogueTitle : '';

/** An empty slot the inline script fills (its text, or an image's files). */
const slot = (id: string) => <span id={id} />;

/** A banner's place: the art the inline script names (as-art/as-hero), or its bone. */
function Art({ id }: { id: string }) {
  return (
    <>
      <Part name="art">
        <Paper radius="lg" shadow="md" bg="brand.9" className="as-picture">
          <picture>
            <source id={`${id}-compact`} media="(max-width: 47.99em)" width="800" height="600" />
            <img id={id} width="1600" height="600" alt="" fetchPriority="high" />
          </picture>
        </Paper>
      </Part>
      <Part name="art-bone">
        <Skeleton radius="lg" style={{ aspectRatio: '8 / 3' }} />
      </Part>
    </>
  );
}

function SignedIn() {
  return (
    <Part name="app">
      <HeaderLayout
        home={(className, logo) => <span className={className}>{logo}</span>}
        greeting={null}
        greetingId="as-greeting"
        // One row until the inline script knows an agent is signed in (boot.ts drops data-compact).
        compact
        actionsClassName="as-agent"
        actions={
          <>
            <BalanceLook>
              <Part name="balance" inline>
                <BalanceAmount amount={slot('as-amount')} unit={slot('as-unit')} />
              </Part>
              <Part name="balance-bone" inline>
                <BalanceBone />
              </Part>
            </BalanceLook>
            <Button {...REDEEM_LOOK}>Canjear</Button>
          </>
        }
        menu={
          <>
            <Part name="agent">
              <BellButton unread={0} />
            </Part>
            <MenuButton />
          </>
        }
      >
        <Part name="offline">
          <SyncLine visible status={<OfflineLabel />}>
            <SyncDetailsTrigger failedCount={0} />
          </SyncLine>
        </Part>
      </HeaderLayout>
      <PageContainer>
        <Part name="title">
          <Title order={1} size="h2" mb="lg" id="as-title" />
        </Part>
        <Part name="title-bone">
          <Skeleton height={28} width="55%" radius="md" mt={4} mb={23} />
        </Part>
        <Part name="home">
          <Stack gap="xl">
            <Art id="as-art" />
            <Skeleton height={150} radius="lg" />
            <Skeleton height={240} radius="lg" />
          </Stack>
        </Part>
        <Part name="dashboard">
          <div className="as-dashboard-grid">
            <Stack gap="lg" className="as-dashboard-side">
              <Skeleton height={220} radius="lg" />
              <Skeleton height={180} radius="lg" />
            </Stack>
            <Stack gap="lg">
              <Art id="as-hero" />
              <Skeleton height={240} radius="lg" />
            </Stack>
          </div>
        </Part>
        <Part name="screen">
          {/* /premios: its first prize, where the screen shows it; the server fills the slot in that page only (PrizeCard). */}
          <Part name="prize">
            <template id={PRIZE_FRAME_SLOT_ID} />
          </Part>
          <Part name="screen-bones">
            <Stack gap="lg">
              <Skeleton height={180} radius="lg" />
              <Skeleton height={120} radius="lg" />
            </Stack>
          </Part>
        </Part>
      </PageContainer>
      <Part name="banner">
        <ImpersonationBar nickName={slot('as-banner-nick')} />
      </Part>
    </Part>
  );
}

/**
 * /premios' title row and first card, the catalogue's own (ScreenTitle, CatalogueGrid, CardLook),
 * with the image slot the inline script fills (as-prize). Rendered on its own: the server puts it
 * in /premios' page only, in the frame's slot (PRIZE_FRAME_SLOT).
 */
function PrizeCard() {
  return (
    <Stack gap="lg">
      <ScreenTitle title={CATALOGUE_TITLE} aside={<Skeleton height={37} width={170} radius="md" />} />
      <CatalogueGrid>
        <CardLook index={0} media={<img id="as-prize" className={imageClasses.image} alt="" fetchPriority="high" />}>
          <Skeleton height={22} width="70%" radius="sm" />
          <Skeleton height={22} width="40%" radius="sm" />
          <Skeleton height={36} radius="md" mt="xs" />
        </CardLook>
      </CatalogueGrid>
    </Stack>
  );
}

/** Every frame, for the inline script to pick from. */
export function Frame() {
  return (
    // Inert and hidden from assistive technology: the app's screen, under it, is the real one.
    <div id="app-shell" aria-hidden="true" inert>
      {/* Without static class names (mantine-Button-root…): no CSS of the app selects them, and the page is smaller. */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" withStaticClasses={false}>
        <SignedIn />
        <Part name="login">
          <AuthShell aside={<LoginPitch />}>
            <LoginCard>
              <SignInBone />
            </LoginCard>
          </AuthShell>
        </Part>
        <Part name="status">
          <AuthShell>
            <StatusCard label={slot('as-status')} />
          </AuthShell>
        </Part>
      </MantineProvider>
    </div>
  );
}

/** The frame's markup, for index.html, and /premios' first card, for its page (scripts/vite/app-shell.ts). */
export function renderFrame(): { frame: string; prize: string } {
  return {
    frame: renderToStaticMarkup(<Frame />),
    // The page already has the theme's variables (the frame's provider wrote them).
    prize: renderToStaticMarkup(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" withStaticClasses={false} withCssVariables={false} withGlobalClasses={false}>
        <PrizeCard />
      </MantineProvider>,
    ),
  };
}
