// Why a budget is missed and what would fix it: one note per kind of check, for the closing
// note of bench/results/latest.md (bench/report.ts). Text only; the numbers live in lib/budgets.ts.

export const MISS_NOTES: Record<string, string> = {
  'bundle-route':
    'La ruta descarga más JS o CSS (gzip) antes de pintar de lo que permite su presupuesto: /login ≤ 110 KB, las demás ≤ 200 KB (entrada + guarda + layout + ruta + lo que index.html lleva en línea), CSS ≤ 30 KB. Abajo, sus ficheros más pesados; `node --import tsx scripts/check-bundle.ts dist` (también en `npm test`) da el mismo detalle. Lo que no hace falta para pintar se carga bajo demanda (import()), y cada componente de Mantine lleva solo su CSS.',
  'bundle-video': 'video.js debe ir en un chunk propio cargado al abrir un vídeo (import() en use-video-js), sin modulepreload en index.html.',
  'lh-perf':
    'Lighthouse simula un móvil (CPU ×4, red lenta): el TBT es JS evaluado en tareas largas al arrancar y el LCP espera a lo que pinta el elemento más grande. Con la máquina cargada el TBT sube mucho: repetir con carga < 1,5 (ver la carga por paso arriba). Los informes completos de cada ejecución quedan en bench/.work/lighthouse/.',
  'lh-cls':
    'Algo se mueve al pasar del esqueleto estático de index.html a React (cabecera de otra altura, esqueleto de otro tamaño) o al llegar los datos: el informe de la ejecución (bench/.work/lighthouse/, auditoría layout-shifts) dice qué elemento.',
  'lh-ratio':
    'El LCP de la ruta supera 1,3× el de la página base (la misma cabecera en HTML estático, mismo servidor, misma ejecución): su elemento LCP espera a JavaScript o a datos. El esqueleto estático debe pintar la cabecera y el título sin JS, y lo que llega después no debe ser mucho mayor que ellos.',
  'lh-a11y': 'Ver las auditorías de accesibilidad falladas en la tabla de Lighthouse (bench/.work/lighthouse/ tiene el detalle).',
  installability: 'Chromium lista los motivos: manifiesto, iconos o service worker que no controla la página.',
  'offline-hola':
    'Sin red y con CPU ×4, "Hola, {nick}" tarda más de 300 ms: debe pintarlo el esqueleto estático de index.html (un script en línea lee la sesión de localStorage), sin esperar al JS de la app.',
  'offline-content':
    'El contenido cacheado de /home (una barra de progreso leída de Dexie, fuera del esqueleto estático) tarda más de 800 ms o no aparece: leer las instantáneas de la ruta en paralelo con su chunk y pintarlas en el primer render.',
  'offline-network':
    'Alguna petición salió a la red en una visita sin red (la lista dice cuáles y si fue la página o el service worker): toda lectura sale primero de Dexie o de la caché del service worker, y la revalidación espera a haber red.',
  'outbox-enqueue': 'Cada encolado es una transacción de IndexedDB (cambio local + fila de la outbox).',
  'outbox-replay':
    'El reenvío es secuencial (el orden de cada usuario importa): una petición HTTP y dos transacciones de IndexedDB por acción, aquí con fake-indexeddb en Node, bastante más lento que el IndexedDB de un navegador. Con PGlite cada escritura idempotente tarda ~10 ms (una sola conexión). Arreglo: un endpoint de lotes (POST /api/outbox con N acciones y sus claves, cada una en su transacción) o reenviar en paralelo las filas de claves independientes (eventos de log).',
  'outbox-once': 'El servidor guardó alguna acción dos veces o perdió alguna: revisar los registros de idempotencia.',
  'api-ranking':
    'Las páginas leen la clasificación precalculada (ranking_standings) por un rango de índice y "mi posición" suma ranking_score_counts (EXPLAIN en server/modules/rankings/explain.test.ts: ningún Seq Scan). El techo es la máquina: 2 núcleos para Node, PostgreSQL y autocannon a la vez; hasta el saldo (una consulta) se queda en ~1.900 req/s, así que 3.000 req/s no caben aquí con un solo proceso Node. Con PGlite todo pasa por una única conexión y 50 conexiones esperan en fila (el p99 es la cola). Las búsquedas son lo peor: el plan recorre el índice de orden filtrando por el prefijo del nick, y cada fila encontrada calcula su posición (2 consultas × 10 filas). Arreglo: buscar primero los usuarios por el índice lower(nick_name) text_pattern_ops (CTE MATERIALIZED) y calcular las 10 posiciones en una consulta; caché de sesiones en memoria unos segundos; varios procesos (cluster) en una máquina con más núcleos.',
  'api-balance':
    'El saldo ya es una suma indexada (points_ledger_user_idx) más la comprobación de la sesión: dos consultas. Con 50 conexiones en 2 núcleos compartidos con PostgreSQL y autocannon, la cola del proceso Node domina el p99 (49 ms en PostgreSQL). Arreglo: saldo precalculado en users actualizado en la misma transacción del crédito, y caché corta de la sesión.',
};
