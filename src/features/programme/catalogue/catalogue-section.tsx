import { notify } from '#components/notify';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { CatalogueProduct } from '#contract/programme-catalogue';
import { deleteProduct, setProductListed } from '#api/programme-catalogue';
import { sessionAtom } from '#offline/session';
import { LoadError } from '#components/load-error';
import { PageLoader } from '#components/page-loader';
import { ProductCard } from './product-card.tsx';
import { ProductEditor } from './product-editor.tsx';
import { useProgrammeCatalogue } from './queries.ts';

const notifyDone = (message: string, color = 'green') => notify({ color, message });

/** Programa › Catálogo: brand 2's prizes, withdrawn ones too; create, edit, withdraw, restore, delete. */
export function CatalogueSection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const catalogue = useProgrammeCatalogue(userId);
  const { online } = useNetwork();
  const [editing, setEditing] = useState<CatalogueProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CatalogueProduct | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (catalogue.isLoading && !catalogue.data) return <PageLoader label="Cargando el catálogo..." />;
  if (!catalogue.data) return <LoadError title={catalogue.error ?? 'No se pudo cargar el catálogo'} onRetry={() => void catalogue.revalidate()} />;
  const products = catalogue.data;

  const run = async (id: number, action: () => Promise<unknown>, message: string) => {
    setBusy(id);
    setFailure(null);
    try {
      await action();
      await catalogue.revalidate();
      void notifyDone(message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudo hacer el cambio');
    } finally {
      setBusy(null);
    }
  };
  const toggle = (p: CatalogueProduct) => {
    const restore = p.state === 'withdrawn';
    void run(p.id, () => setProductListed(p.id, restore), restore ? `${p.nombre} vuelve al catálogo` : `${p.nombre} retirado: los agentes ya no lo ven`);
  };
  const confirmDelete = (p: CatalogueProduct) => {
    setDeleting(null);
    void run(p.id, () => deleteProduct(p.id), `${p.nombre} borrado`);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" size="sm" maw={720} style={{ flex: '1 1 260px' }}>
          Los premios que los agentes de la marca 2 canjean con sus IMPs. Un cambio de precio solo afecta a los pedidos futuros. Un premio con pedidos no se borra: se retira, y sus pedidos y su historial se conservan.
        </Text>
        <Button onClick={() => setEditing('new')} disabled={!online}>
          Nuevo premio
        </Button>
      </Group>
      {!online && (
        <Alert color="yellow" role="status">
          Necesitas conexión para cambiar el catálogo. Ves la última copia guardada.
        </Alert>
      )}
      {catalogue.error && <Alert color="yellow" role="status">No se pudo actualizar: {catalogue.error}</Alert>}
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)} closeButtonLabel="Cerrar aviso">
          {failure}
        </Alert>
      )}
      {products.length === 0 && <Text c="dimmed">Todavía no hay premios. Crea el primero con «Nuevo premio».</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} online={online} busy={busy === p.id} onEdit={() => setEditing(p)} onToggleListed={() => toggle(p)} onDelete={() => setDeleting(p)} />
        ))}
      </SimpleGrid>

      {editing && (
        <ProductEditor
          product={editing === 'new' ? null : editing}
          nextOrder={Math.max(0, ...products.map((p) => p.display_order)) + 1}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={(_saved, message) => {
            setEditing(null);
            void catalogue.revalidate();
            void notifyDone(message);
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Borrar premio" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <Stack gap="md">
          <Text>¿Borrar «{deleting?.nombre}»? Nadie lo ha pedido todavía; no se puede deshacer.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>Cancelar</Button>
            <Button color="red" onClick={() => deleting && confirmDelete(deleting)}>Borrar</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
