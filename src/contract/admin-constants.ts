// The admin contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/admin re-exports them beside its schemas.
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
  /** Time accommodation (issue 39): GET an agent's factor, PUT a new one; admin only. */
  timeAccommodation: '/tiempo-adaptado/:nick',
} as const;

/** The file the order summary's Descargar saves (spec 9). */
export const ORDER_SUMMARY_FILE_NAME = 'Resumen-pedidos.xlsx';

/** The import template's file name. */
export const IMPORT_TEMPLATE_FILE_NAME = 'importar-usuarios.xlsx';

/**
 * The import template's columns, in order (docs/product.md documents them). Header names are matched
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
  'tiempo_adaptado',
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['name', 'email', 'marca_id'];

/** What the import accepts (spec 5): xlsx, xls and csv. The server checks the content too. */
export const IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

export const IMPORT_WRONG_TYPE = 'Por favor, sube solo archivos Excel (.xlsx, .xls) o CSV (.csv)';

/** Largest import file accepted (the server refuses larger ones with 413). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
