// The video step's checks (issue 36): each adaptive run against the goal (first frame ≤ 2 s, under
// 1 s of stalls in total), the single MP4's runs reported beside them for comparison (no budget:
// it is what the adaptive stream replaces), and a figures table for latest.md. Pure.
import { BUDGETS } from './lib/budgets.ts';
import type { Check } from './report-types.ts';
import type { VideoFloorReport, VideoRun } from './video-floor.ts';

export const VIDEO_SECTION = 'Vídeo en el piso (issue 36)';
const B = BUDGETS.video;
const seconds = (ms: number | null) => (ms === null ? 'nunca' : `${(ms / 1000).toFixed(2).replace('.', ',')} s`);
const label = (run: VideoRun) => `${run.source === 'adaptive' ? 'Adaptativo (HLS)' : 'MP4 único 720p'}, ronda ${run.round}`;
const errorsText = (run: VideoRun) => (run.errors.length ? ` (errores: ${run.errors.slice(0, 3).join('; ')})` : '');

const over = (run: VideoRun, report: VideoFloorReport) => {
  const windows = windowsOverRate(run, report.network);
  if (!windows.length) return `sí (máximo ${Math.max(0, ...(run.receivedKbps ?? []))} kbps)`;
  return `no: ${windows.map((i) => `${i * WINDOW_S}–${(i + 1) * WINDOW_S} s ${run.receivedKbps[i]} kbps (≤ ${Math.round(allowedKbps(report.network, i))})`).join(', ')}`;
};

export function videoChecks(report: VideoFloorReport): Check[] {
  const section = VIDEO_SECTION;
  return report.runs.flatMap((run): Check[] => {
    const adaptive = run.source === 'adaptive';
    return [
      {
        section,
        name: `${label(run)}: primer fotograma (play() → requestVideoFrameCallback)`,
        value: `${seconds(run.firstFrameMs)}${errorsText(run)}`,
        budget: adaptive ? `≤ ${B.firstFrameMs / 1000} s` : '—',
        ok: adaptive ? run.firstFrameMs !== null && run.firstFrameMs <= B.firstFrameMs && run.errors.length === 0 : null,
        note: adaptive ? 'video-first-frame' : undefined,
        inFigures: true,
      },
      {
        section,
        name: `${label(run)}: parones en total`,
        value: `${seconds(run.totalStallMs)} en ${run.stalls.length}`,
        budget: adaptive ? `< ${B.stallMs / 1000} s` : '—',
        // A run that never started cannot show it did not stall.
        ok: adaptive ? run.firstFrameMs !== null && run.totalStallMs < B.stallMs && run.errors.length === 0 : null,
        note: adaptive ? 'video-stalls' : undefined,
        inFigures: true,
      },
      {
        section,
        name: `${label(run)}: la red limitada se cumplió (recibido por ventana de ${WINDOW_S} s)`,
        value: over(run, report),
        budget: `≤ tasa del enlace +10 %`,
        ok: windowsOverRate(run, report.network).length === 0,
        note: 'video-throttle',
        inFigures: true,
      },
    ];
  });
}

/** The link's rate at `s` seconds after play() (the drop from dropAtS for dropForS). */
export function linkKbpsAt(network: Pick<VideoFloorReport['network'], 'downKbps' | 'dropKbps' | 'dropAtS' | 'dropForS'>, s: number): number {
  return s >= network.dropAtS && s < network.dropAtS + network.dropForS ? network.dropKbps : network.downKbps;
}

/**
 * Watching time the media position did not advance although no stall was signalled: the run's
 * seconds minus the start-up wait, the stalls and the position reached (a loaded machine's
 * renderer falls behind without a `waiting`). 0 when the clip ended within the run.
 */
export function silentLagSeconds(run: Pick<VideoRun, 'seconds' | 'initialWaitMs' | 'totalStallMs' | 'playedSeconds'>, clipSeconds: number): number {
  if (run.initialWaitMs === null || run.playedSeconds >= clipSeconds - 0.5) return 0;
  return Math.max(0, Math.round((run.seconds - run.initialWaitMs / 1000 - run.totalStallMs / 1000 - run.playedSeconds) * 10) / 10);
}

/** The received-rate windows, in seconds. */
export const WINDOW_S = 5;
/** How far past the rate a window may go: the link's bucket and the ~100 ms bytes spend between the bottleneck and the page. */
const RATE_TOLERANCE = 1.1;

/**
 * The most a 5-second window may receive, in kbps: the link's mean rate over the window or over
 * the window a quarter second earlier, whichever is more (bytes that passed the bottleneck just
 * before a drop arrive in the window after it), plus 10 %.
 */
export function allowedKbps(network: Pick<VideoFloorReport['network'], 'downKbps' | 'dropKbps' | 'dropAtS' | 'dropForS'>, window: number): number {
  const mean = (from: number) => {
    let sum = 0;
    for (let t = 0; t < WINDOW_S * 100; t++) sum += linkKbpsAt(network, from + t / 100);
    return sum / (WINDOW_S * 100);
  };
  const start = window * WINDOW_S;
  return Math.max(mean(start), mean(Math.max(0, start - 0.25))) * RATE_TOLERANCE;
}

/** The windows (their indexes) in which the page received more than the link allows: the throttle did not hold. */
export function windowsOverRate(run: Pick<VideoRun, 'receivedKbps'>, network: VideoFloorReport['network']): number[] {
  return (run.receivedKbps ?? []).flatMap((kbps, i) => (kbps > allowedKbps(network, i) ? [i] : []));
}

const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1).replace('.', ',')} MB`;

/** The runs' table and how they were made, for latest.md. */
export function videoFigures(report: VideoFloorReport, checks: Check[]): string[] {
  const n = report.network;
  const ok = (run: VideoRun, what: string) => {
    const found = checks.find((c) => c.name.startsWith(`${label(run)}: ${what}`))?.ok;
    return found === true ? ' ✅' : found === false ? ' ❌' : '';
  };
  const lines = [
    `Clip generado de ${report.clip.seconds} s, ${report.clip.width}×${report.clip.height} a ${report.clip.fps} fps con audio. Red del piso: un proxy en Node delante del servidor (bench/lib/throttle-proxy.ts), un solo enlace para todas las conexiones de la página: ${n.downKbps} kbps de bajada y ${n.upKbps} de subida compartidos, ${n.rttMs} ms de ida y vuelta (cada respuesta espera un RTT, cada conexión nueva otro más); a los ${n.dropAtS} s de play() baja a ${n.dropKbps} kbps durante ${n.dropForS} s y vuelve. Chromium solo habla con el proxy, sin limitación propia (ni CDP). Cada ejecución mira ${report.secondsPerRun} s en un contexto nuevo (caché fría); adaptativo y MP4 único intercalados, ${report.rounds} ronda(s). video.js ${report.videojs} (build completa, VHS; ${JSON.stringify(report.vhs)}).`,
    '',
    `- Servido por: ${report.served}`,
    `- MP4 único: ${MB(report.single.bytes)} (${report.single.videoKbps} kbps de vídeo + AAC 128k, +faststart).`,
    `- Adaptativo: ${report.adaptive.renditions?.map((r) => `${r.height}p ${Math.round(r.averageBandwidth / 1000)} kbps de media, pico ${Math.round(r.bandwidth / 1000)}`).join('; ') ?? '—'} (${MB(report.adaptive.bytes)} en segmentos). ${report.ladderNote}`,
    '',
    '| ejecución | primer fotograma | espera inicial (no cuenta como parón) | parones (total; número) | calidades elegidas (cambios) | reproducido | retraso sin evento de parón | recibido | conexiones nuevas | red limitada |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of report.runs) {
    const renditions = run.source === 'adaptive' ? `${run.renditions.map((h) => `${h}p`).join(' → ') || '—'} (${run.renditionSwitches})` : '720p (—)';
    lines.push(
      `| ${label(run)}${errorsText(run)} | ${seconds(run.firstFrameMs)}${ok(run, 'primer')} | ${seconds(run.initialWaitMs)} | ${seconds(run.totalStallMs)}; ${run.stalls.length}${ok(run, 'parones')} | ${renditions} | ${run.playedSeconds} s de ${run.seconds} s | ${silentLagSeconds(run, report.clip.seconds).toFixed(1).replace('.', ',')} s | ${MB(run.bytes)} | ${run.connections ?? '—'} | ${windowsOverRate(run, n).length ? '❌' : '✅'} |`,
    );
  }
  lines.push(
    '',
    `Recibido por la página (CDP Network.dataReceived) y, entre paréntesis, entregado por el enlace, kbps en cada ventana de ${WINDOW_S} s desde play() (la bajada a ${n.dropKbps} kbps va de ${n.dropAtS} s a ${n.dropAtS + n.dropForS} s):`,
    '',
  );
  for (const run of report.runs) lines.push(`- ${label(run)}: ${(run.receivedKbps ?? []).map((kbps, i) => `${kbps} (${run.linkKbps?.[i] ?? '—'})`).join(' · ') || '—'}`);
  const over = report.runs.filter((run) => windowsOverRate(run, n).length);
  lines.push(
    '',
    over.length
      ? `⚠️ En ${over.map(label).join('; ')} la página recibió en alguna ventana más de lo que el enlace permite (+10 %): la red no quedó limitada como el piso y sus cifras no valen como medida del piso.`
      : `La red limitada se cumplió en todas las ejecuciones: ninguna ventana de ${WINDOW_S} s recibió más de la tasa del enlace +10 %.`,
  );
  lines.push(
    '',
    '"Retraso sin evento de parón": segundos de la ejecución en que la posición del vídeo no avanzó sin que el elemento avisara (`waiting`): lo que queda de la ejecución tras la espera inicial, los parones y lo reproducido. Con la máquina cargada el renderizador se queda atrás sin avisar; no cuenta como parón, pero se da para que se vea. "Conexiones nuevas": las que la página abrió al enlace tras play() (antes ya tenía las de cargar la página).',
  );
  lines.push('', `Objetivo del adaptativo: primer fotograma ≤ ${B.firstFrameMs / 1000} s y menos de ${B.stallMs / 1000} s de parones en total; el MP4 único se da para comparar (sin presupuesto). El registro de eventos de cada ejecución está en bench/results/video-floor.json.`);
  return lines;
}
