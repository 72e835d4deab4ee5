// Why a budget is missed and what would fix it: one note per kind of check, for the closing
// note of bench/results/latest.md (bench/report.ts). Text only; the numbers live in lib/budgets.ts.

export const MISS_NOTES: Record<string, string> = {
  'bundle-route':
    'La ruta descarga más JS o CSS (gzip) antes de pintar de lo que permite su presupuesto: /login ≤ 110 KB, las demás ≤ 200 KB (entrada + guarda + layout + ruta + lo que index.html lleva en línea), CSS ≤ 30 KB. Abajo, sus ficheros más pesados; `node --import tsx scripts/check-bundle.ts dist` (también en `npm test`) da el mismo detalle. Lo que no hace falta para pintar se carga bajo demanda (import()), y cada componente de Mantine lleva solo su CSS.',
  'bundle-video': 'video.js debe ir en un chunk propio cargado al abrir un vídeo (import() en use-video-js), sin modulepreload en index.html.',
  'lh-perf':
    'Lighthouse simula un móvil (CPU ×4, red lenta): el TBT es JS evaluado en tareas largas al arrancar y el LCP espera a lo que pinta el elemento más grande. Con la máquina cargada el TBT sube mucho: la puntuación absoluta solo se juzga con carga < 1,5 al empezar (ver la carga por paso arriba); la comparación con la página de referencia, siempre. Los informes completos de cada ejecución quedan en bench/.work/lighthouse/.',
  'lh-reference':
    'La ruta puntúa más de 3 puntos por debajo de la página de referencia medida en las mismas rondas (React 19 + Mantine 9 pintando una pantalla con sesión sin capa de datos, bench/reference/): la diferencia es trabajo propio de la app al arrancar (su JS, sus lecturas, sus tareas largas), no ruido de la máquina. El TBT y el LCP de la fila dicen cuál de los dos pesa.',
  'lh-tbt':
    'El TBT de la ruta supera 1,5× el de la página de referencia en las mismas rondas: tras pintar, el hilo principal sigue ocupado con JS de la app (Dexie, outbox, sesión, esquemas, registro del service worker…). Perfilar la ruta a CPU ×4 (informe de la ejecución en bench/.work/lighthouse/, auditorías long-tasks y bootup-time) y mover, partir o quitar lo que corre en sus tareas largas.',
  'lh-cls':
    'Algo se mueve al pasar del esqueleto estático de index.html a React (cabecera de otra altura, esqueleto de otro tamaño) o al llegar los datos: el informe de la ejecución (bench/.work/lighthouse/, auditoría layout-shifts) dice qué elemento.',
  'lh-ratio':
    'El LCP de la ruta supera 1,3× el de la página base (la misma cabecera en HTML estático, mismo servidor, misma ejecución): su elemento LCP espera a JavaScript o a datos. El esqueleto estático debe pintar la cabecera y el título sin JS, y lo que llega después no debe ser mucho mayor que ellos.',
  'lh-a11y': 'Ver las auditorías de accesibilidad falladas en la tabla de Lighthouse (bench/.work/lighthouse/ tiene el detalle).',
  installability: 'Chromium lista los motivos: manifiesto, iconos o service worker que no controla la página.',
  'offline-hola':
    'Sin red y con CPU ×4, "Hola, {nick}" tarda más de 300 ms: debe pintarlo el esqueleto estático de index.html (un script en línea lee la sesión de localStorage), sin esperar al JS de la app.',
  'offline-content':
    'El contenido cacheado de /home (una barra de progreso, la que la app pinta desde Dexie) tarda más de 800 ms o no aparece: la app lee las instantáneas de la ruta (las claves de src/app/routes.ts) en paralelo con su código, y la pantalla sale cuando ambos están; lo que retrasa esa primera pantalla (evaluar el layout, abrir Dexie, el montaje) es lo que hay que abaratar.',
  'offline-network':
    'Alguna petición salió a la red en una visita sin red (la lista dice cuáles y si fue la página o el service worker): toda lectura sale primero de Dexie o de la caché del service worker, y la revalidación espera a haber red.',
  'outbox-enqueue': 'Cada encolado es una transacción de IndexedDB (cambio local + fila de la outbox).',
  'outbox-replay':
    'Se mide la app de verdad: Chromium con la build servida por el servidor real, 1.000 filas en su outbox de IndexedDB, y el reloj corre desde que vuelve la red hasta que no queda ninguna pendiente (el bucle de la página al evento online o el Background Sync del service worker, lo que llegue antes). La medida dice cuántas peticiones hizo: por lotes (POST /api/sync, hasta 100 acciones) son unas 10; si son unas 1.000, la outbox no usa los lotes. Con lotes, el tiempo es del servidor: cada acción corre como su propia ruta (sesión, idempotencia, escritura y crédito en su transacción), y con PGlite todas en fila por su única conexión. Con la máquina cargada (ver la carga por paso) el tiempo sube mucho: repetir con carga < 1,5. Si quedan pendientes o rechazadas, el detalle dice el último error de las filas.',
  'outbox-again':
    'Las mismas filas con las mismas claves deben recibir la respuesta guardada de la primera vez (registro de idempotencia): una rechazada o pendiente aquí es un reintento que el dispositivo no puede cerrar.',
  'outbox-once': 'El servidor guardó alguna acción dos veces o perdió alguna: revisar los registros de idempotencia (la misma clave en dos pasadas) y el orden de las respuestas de quiz.',
  'floor-missing': 'El servidor no tiene POST /api/sync (el contrato está en src/contract/sync.ts): sin él cada agente repite una petición por acción.',
  'floor-time':
    '200 agentes reenvían a la vez sus colas por POST /api/sync. Si tarda: cada acción es una transacción (idempotencia + la escritura + el crédito); con PostgreSQL el pool de conexiones limita cuántas van a la vez, con PGlite van en fila. Acciones reintentadas quieren decir respuestas 409/429/5xx: la misma clave a la vez, un límite de peticiones o un error del servidor (ver los errores en la medida).',
  'floor-once':
    'Comparado con la base tras dos pasadas con las mismas claves: una perdida es una acción que el dispositivo da por entregada y no está; una duplicada, un evento o crédito guardado dos veces (la idempotencia debe valer entre peticiones simultáneas y entre instancias).',
  'overload-statuses':
    'Bajo sobrecarga el servidor solo debe responder lo que acepta (2xx) o 503 con Retry-After: un timeout, un error de conexión o un 5xx distinto es una petición que esperó más de lo que el cliente aguanta o que falló por la carga (ver el registro del servidor). 429 sería la cuota de escrituras: el bench la sube (bench/lib/server.ts).',
  'overload-time':
    'Lo aceptado tarda más de lo debido: cada proceso trabaja a la vez en MAX_ACTIVE_REQUESTS peticiones y MAX_ACTIVE_BATCHES lotes, y la espera por turno es MAX_QUEUE_WAIT_MS (server/plugins/load-shedding.ts). Con PGlite todo pasa por una conexión: menos a la vez (sobre todo lotes, que son hasta 100 escrituras) es menos cola detrás de cada consulta. Un lote de 100 acciones es lo más largo: lo acota el presupuesto de tiempo del lote (server/modules/sync/service.ts).',
  'overload-shed':
    'Un 503 debe llegar en cuanto no hay turno: como mucho MAX_QUEUE_WAIT_MS de espera en la fila, que además no admite más de 4 peticiones por turno. Si tarda más, el proceso no llega a leer las peticiones a tiempo (CPU saturada: ver la carga de la máquina).',
  'overload-ready':
    '/api/health/ready no espera turno, pero su consulta (SELECT 1) va a la misma base: con PGlite espera a las consultas en curso de las peticiones aceptadas. Menos peticiones a la vez (MAX_ACTIVE_REQUESTS) la acerca.',
  'api-ranking':
    'Las páginas leen la clasificación precalculada (ranking_standings) por un rango de índice y "mi posición" suma ranking_score_counts (EXPLAIN en server/modules/rankings/explain.test.ts: ningún Seq Scan). Con 2 núcleos para Node, PostgreSQL y autocannon a la vez, la cola del proceso Node domina el p99: caché corta de sesiones en memoria (invalidada al cerrar sesión en todas las instancias), respuestas serializadas con el esquema de Fastify, y WORKERS=n donde haya núcleos (BENCH_WORKERS).',
  'api-search':
    'La búsqueda debe buscar primero los usuarios por el prefijo del nick (índice lower(nick_name) text_pattern_ops) y calcular las posiciones de la página en una sola consulta; si el plan recorre el índice de orden filtrando por el nick, cada fila encontrada cuesta su propia consulta.',
  'api-balance':
    'El saldo debe leerse de una fila mantenida junto al libro de movimientos en la misma transacción (caducidad incluida): una consulta por clave, más la sesión (caché corta en memoria).',
  'api-ratio':
    'El endpoint da menos de la mitad de las peticiones por segundo que GET /api/health medido igual en la misma ejecución: el coste está en la petición (sesión, consultas, serialización), no en la pila HTTP.',
  'api-pglite':
    'Con PGlite todo pasa por una única conexión embebida en el proceso Node: 50 conexiones esperan en fila y el p99 es la cola. Cuentan las consultas por petición (sesión en caché, saldo precalculado, búsqueda en una consulta).',
  'api-errors': 'Hubo respuestas no-2xx, errores o timeouts durante la carga: ver el registro del servidor (LOG_LEVEL) y si algún límite de peticiones respondió 429.',
  'api-missing': 'El endpoint respondió 404: no existe en este servidor.',
  'video-first-frame':
    'El primer fotograma del vídeo adaptativo tarda más de 2 s con 1,5 Mbps y 150 ms: VHS debe empezar por la calidad baja (bandwidth inicial ~400 kbps) y pedir pocas cosas antes del primer segmento (maestra → variante → segmento, cada una un viaje de 150 ms o más); segmentos de 4 s de 240p pesan ~200 KB. Un error (401 sin la cookie de medios, un tipo de contenido que VHS no acepta, la CSP) también lo impide: ver los errores de la ejecución.',
  'video-stalls':
    'El vídeo adaptativo se paró más de 1 s en total: durante la bajada a 400 kbps VHS debe pasar a 240p antes de vaciar el búfer (que el escalón más bajo, vídeo + audio, quepa por debajo de 400 kbps), y al volver la red subir sin vaciarlo. El registro de eventos de cada ejecución (bench/results/video-floor.json) dice cuándo se paró y qué calidades eligió.',
  'video-throttle':
    'La página recibió en alguna ventana de 5 s más de lo que el enlace del proxy deja pasar (+10 %): algo llegó sin pasar por el proxy (otro origen, la caché de un contexto reutilizado) o el proxy dejó pasar ráfagas (su cubo guarda 50 ms de la tasa). Compárese con lo entregado por el enlace, entre paréntesis en la lista de kbps.',
  'api-memory':
    'Memoria residente del servidor (el proceso y sus workers) muestreada cada 250 ms durante la carga (ejecutado con tsx, como npm start): con muchas conexiones a la vez, algo que crece por petición (una caché sin tope, respuestas grandes retenidas) o demasiados workers para la memoria de la máquina.',
};
