import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CatalogueProduct, ProductBody } from '#contract/programme-catalogue';
import { createProduct, updateProduct, uploadProductImage } from '#api/programme-catalogue';
import {
  DISPLAY_ORDER_MAX, normalizeProduct, PRODUCT_CONDITIONS_MAX, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, PROVIDER_CODE_MAX, productProblems,
} from '#domain/programme-catalogue';
import { ProductImageField } from './product-image-field.tsx';
import { newValueDraft, ValueListInput, type ValueDraft } from './value-list-input.tsx';

interface ProductEditorProps {
  /** The product to edit; null for a new one. */
  product: CatalogueProduct | null;
  nextOrder: number;
  online: boolean;
  onClose: () => void;
  onSaved: (product: CatalogueProduct, message: string) => void;
}

type Fields = Omit<ProductBody, 'valores' | 'display_order'> & { display_order: number | string };

function fieldsOf(p: CatalogueProduct | null, nextOrder: number): Fields {
  return {
    nombre: p?.nombre ?? '', descripcion: p?.descripcion ?? '', condiciones: p?.condiciones ?? '',
    codigo_producto_chequemotiva: p?.codigo_producto_chequemotiva ?? '', codigo_plantilla_chequemotiva: p?.codigo_plantilla_chequemotiva ?? '',
    tiene_stock: p?.tiene_stock ?? true, disponible: p?.disponible ?? true, display_order: p?.display_order ?? nextOrder,
  };
}

const draftsOf = (p: CatalogueProduct | null): ValueDraft[] =>
  p ? p.valores.map((v) => ({ key: `v${v.id}`, id: v.id, valor_rings: v.valor_rings, valor_chequemotiva: v.valor_chequemotiva ?? '', orders: v.orders })) : [newValueDraft()];

const num = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** Create or edit a product: its texts, provider codes, stock and listing, order, values and image. */
export function ProductEditor({ product, nextOrder, online, onClose, onSaved }: ProductEditorProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [fields, setFields] = useState<Fields>(() => fieldsOf(product, nextOrder));
  const [values, setValues] = useState<ValueDraft[]>(() => draftsOf(product));
  const [picked, setPicked] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const save = async () => {
    const body: ProductBody = {
      ...fields,
      display_order: num(fields.display_order),
      valores: values.map((v) => ({ ...(v.id === undefined ? {} : { id: v.id }), valor_rings: num(v.valor_rings), valor_chequemotiva: v.valor_chequemotiva })),
    };
    const found = productProblems(normalizeProduct({ ...body, descripcion: body.descripcion ?? null, condiciones: body.condiciones ?? null,
      codigo_producto_chequemotiva: body.codigo_producto_chequemotiva ?? null, codigo_plantilla_chequemotiva: body.codigo_plantilla_chequemotiva ?? null,
      valores: body.valores.map((v) => ({ ...v, valor_chequemotiva: v.valor_chequemotiva ?? null })) }));
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    try {
      let saved = product ? await updateProduct(product.id, body) : await createProduct(body);
      if (picked) saved = await uploadProductImage(saved.id, picked);
      onSaved(saved, product ? `${saved.nombre}: cambios guardados` : `${saved.nombre}: premio creado`);
    } catch (error) {
      setProblems([error instanceof Error ? error.message : 'No se pudieron guardar los cambios']);
    } finally {
      setSaving(false);
    }
  };

  const disabled = saving || !online;
  return (
    <Modal opened onClose={onClose} size="xl" fullScreen={phone} title={product ? `Editar ${product.nombre}` : 'Nuevo premio'} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        {!online && <Alert color="yellow" role="status">Necesitas conexión para guardar cambios en el catálogo.</Alert>}
        {product && product.orders > 0 && (
          <Alert color="blue" role="note">
            Este premio tiene pedidos: cambiar un precio o el nombre solo afecta a los pedidos futuros; los hechos conservan lo que se pagó.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="sm">
            <TextInput label="Nombre" required maxLength={PRODUCT_NAME_MAX} value={fields.nombre} onChange={(e) => set('nombre', e.currentTarget.value)} disabled={disabled} description={`${fields.nombre.length}/${PRODUCT_NAME_MAX}`} />
            <Textarea label="Descripción" autosize minRows={2} maxRows={6} maxLength={PRODUCT_DESCRIPTION_MAX} value={fields.descripcion ?? ''} onChange={(e) => set('descripcion', e.currentTarget.value)} disabled={disabled} />
            <Textarea label="Condiciones" autosize minRows={2} maxRows={6} maxLength={PRODUCT_CONDITIONS_MAX} value={fields.condiciones ?? ''} onChange={(e) => set('condiciones', e.currentTarget.value)} disabled={disabled} />
          </Stack>
          <ProductImageField current={product?.imagen ?? ''} picked={picked} disabled={disabled} onPick={setPicked} onError={(m) => setProblems([m])} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Código de producto del proveedor" description="Vacío: premio que entrega el responsable" maxLength={PROVIDER_CODE_MAX} value={fields.codigo_producto_chequemotiva ?? ''} onChange={(e) => set('codigo_producto_chequemotiva', e.currentTarget.value)} disabled={disabled} />
          <TextInput label="Código de plantilla del proveedor" description="Opcional" maxLength={PROVIDER_CODE_MAX} value={fields.codigo_plantilla_chequemotiva ?? ''} onChange={(e) => set('codigo_plantilla_chequemotiva', e.currentTarget.value)} disabled={disabled} />
        </SimpleGrid>
        <ValueListInput values={values} cardCodes={(fields.codigo_producto_chequemotiva ?? '').trim() !== ''} disabled={disabled} onChange={setValues} />
        <Group gap="lg" align="flex-end">
          <Switch label="Con stock" checked={fields.tiene_stock} onChange={(e) => set('tiene_stock', e.currentTarget.checked)} disabled={disabled} />
          <Switch label="Visible para los agentes" checked={fields.disponible} onChange={(e) => set('disponible', e.currentTarget.checked)} disabled={disabled} />
          <NumberInput label="Orden en el catálogo" w={160} min={0} max={DISPLAY_ORDER_MAX} allowDecimal={false} allowNegative={false} value={fields.display_order} onChange={(v) => set('display_order', v)} disabled={disabled} />
        </Group>
        {problems.length > 0 && (
          <Alert color="red" role="alert" title="No se ha guardado">
            {problems.map((p) => <div key={p}>{p}</div>)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>Cancelar</Button>
          <Button onClick={() => void save()} loading={saving} disabled={!online}>{product ? 'Guardar' : 'Crear premio'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
