import * as z from 'zod/mini';

// Supervisor and admin calls (spec sections 3 and 7): simulated navigation, the LATAM order
// summary and the user import. Paths after /api, spelled as in the spec.

export const ADMIN_PATHS = {
  brands: '/navegacion-simulada/marcas',
  sites: '/navegacion-simulada/sedes/:brand',
  platformSites: '/navegacion-simulada/plataformas/:brand/:platform',
  agents: '/navegacion-simulada/agentes/:brand/:site',
  loginAsUser: '/auth/login-as-user',
  orderSummary: '/listado-peru',
  /** The Resumen-pedidos.xlsx bytes. */
  orderSummaryDownload: '/descargar-listado-latam',
  importUsers: '/importar-usuario',
  /** Public: the template holds no personal data. */
  importTemplate: '/importar-usuario/plantilla',
} as const;

/** The file the order summary's Descargar saves (spec 9). */
export const ORDER_SUMMARY_FILE_NAME = 'Resumen-pedidos.xlsx';
/** The import template's file name. */
export const IMPORT_TEMPLATE_FILE_NAME = 'importar-usuarios.xlsx';

// --- Simulated navigation -------------------------------------------------------------
// Spec 7 reads every list as `data.data.<list>`: the body is { success, data: { data: {...} } }.

const wrapped = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object({ success: z.literal(true), data: z.object({ data: z.object(shape) }) });

/** GET navegacion-simulada/marcas: the brand names the caller may browse. */
export const brandsResponseSchema = wrapped({ marcas: z.array(z.string()) });

/**
 * GET navegacion-simulada/sedes/{brand}: the sites of that brand the caller may browse, and
 * the platforms they belong to. PLATAFORMA uses `plataformas` as the spec says (its step is
 * skipped); INTERNO fills its platform dropdown from it.
 */
export const sitesResponseSchema = wrapped({ sedes: z.array(z.string()), plataformas: z.array(z.string()) });

/**
 * GET navegacion-simulada/plataformas/{brand}/{platform}: the sites of one platform. The API
 * names a site "plataforma" (decisions.md, Rankings), hence the key.
 */
export const platformSitesResponseSchema = wrapped({ plataformas: z.array(z.string()) });

/** An agent of the last dropdown: nick_name is the value, name the label (spec 3). */
export const navigationAgentSchema = z.object({ nick_name: z.string(), name: z.string() });
export type NavigationAgent = z.infer<typeof navigationAgentSchema>;

/** GET navegacion-simulada/agentes/{brand}/{site} */
export const agentsResponseSchema = wrapped({ agentes: z.array(navigationAgentSchema) });

// --- Order summary (LATAM) -------------------------------------------------------------

/** A redemption of the summary (spec 3): validity_start is when the prize became usable. */
export const orderSummaryRowSchema = z.object({
  id: z.int(),
  user: z.object({ name: z.string(), nick_name: z.nullable(z.string()), email: z.string() }),
  nombre_producto: z.string(),
  puntos: z.number(),
  cantidad: z.number(),
  validity_start: z.nullable(z.string()),
});
export type OrderSummaryRow = z.infer<typeof orderSummaryRowSchema>;

/** GET listado-peru */
export const orderSummaryResponseSchema = z.object({ listado: z.array(orderSummaryRowSchema) });

// --- User import -------------------------------------------------------------------------

/**
 * The import template's columns, in order (README documents them). Header names are matched
 * ignoring case and spaces; name, email and marca_id are required.
 */
export const IMPORT_COLUMNS = [
  'name',
  'email',
  'nick_name',
  'role',
  'perfil',
  'division',
  'marca_id',
  'plataforma',
  'sede',
  'puntos_ring_ring',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['name', 'email', 'marca_id'];

/** What the import accepts (spec 5): xlsx, xls and csv. The server checks the content too. */
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const IMPORT_WRONG_TYPE = 'Por favor, sube solo archivos Excel (.xlsx, .xls) o CSV (.csv)';
/** Largest import file accepted (the server refuses larger ones with 413). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** A row that was not imported: its spreadsheet row number (the header is row 1). */
export const importRowIssueSchema = z.object({ fila: z.int(), email: z.optional(z.string()), error: z.string() });
export type ImportRowIssue = z.infer<typeof importRowIssueSchema>;

/** POST importar-usuario answer (spec 3), plus the duplicated rows that were skipped. */
export const importResponseSchema = z.object({
  message: z.string(),
  users_created: z.int(),
  users_updated: z.int(),
  duplicados: z._default(z.array(importRowIssueSchema), []),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
