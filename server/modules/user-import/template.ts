// The downloadable import template: the columns of #contract/admin in order with two example
// rows, and a second sheet explaining each column (the import reads only the first sheet).
import { IMPORT_COLUMNS, type ImportColumn } from '#contract/admin';
import { writeXlsx } from '#server/spreadsheets/write';

const HELP: Record<ImportColumn, string> = {
  name: 'Obligatorio. Nombre y apellidos.',
  email: 'Obligatorio. Identifica al usuario: si ya existe (sin distinguir mayúsculas) se actualiza. Si se repite en el archivo, solo cuenta la primera fila.',
  nick_name: 'Opcional. Único; si falta, el agente lo elige al entrar.',
  role: 'Opcional. Texto libre (por defecto "agente").',
  perfil: 'Opcional. Vacío (agente), admin, INTERNO, PLATAFORMA o LATAM. Solo un admin crea o cambia perfiles; INTERNO importa agentes de su marca y PLATAFORMA agentes de su plataforma. Nadie cambia su propio usuario.',
  division: 'Opcional. Texto libre.',
  marca_id: 'Obligatorio. Número de la marca (1 o 2).',
  plataforma: 'Opcional. Nombre de la plataforma; se crea si no existe.',
  sede: 'Opcional. Nombre de la sede; si no existe, indica también su plataforma y se crea.',
  puntos_ring_ring: 'Opcional. Puntos Ring Ring (marca 1), entero mayor o igual que 0. Solo un admin puede cambiarlos.',
  tiempo_adaptado: 'Opcional. Tiempo ampliado en los cuestionarios: 1 (sin ampliar), 1,5 o 2. Vacío no lo cambia. Solo un admin puede cambiarlo.',
};

const EXAMPLES = [
  ['Eva Ruiz Prieto', 'eva.ruiz@cliente.example', 'EvaRuiz', 'agente', '', 'Atención al cliente', 2, 'Plataforma Centro', 'Toledo', 0, ''],
  ['Leo Marín Costa', 'leo.marin@cliente.example', 'LeoRing', 'agente', '', 'Ventas', 1, 'Plataforma Norte', 'Bilbao', 1250, 1.5],
];

export function importTemplate(): Buffer {
  return writeXlsx([
    { name: 'Usuarios', header: [...IMPORT_COLUMNS], rows: EXAMPLES, widths: [24, 30, 14, 10, 12, 22, 10, 20, 20, 18, 16] },
    { name: 'Instrucciones', header: ['Columna', 'Qué poner'], rows: IMPORT_COLUMNS.map((c) => [c, HELP[c]]), widths: [18, 110] },
  ]);
}
