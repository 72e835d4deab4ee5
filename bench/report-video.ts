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
    ];
  });
}

/** A run that received clearly more than the throttle allows in some 5-second window. */
export function throttleLeaked(run: Pick<VideoRun, 'receivedKbps'>, downKbps: number): boolean {
  return (run.receivedKbps ?? []).some((kbps) => kbps > downKbps * 1.5);
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
    `Clip generado de ${report.clip.seconds} s, ${report.clip.width}×${report.clip.height} a ${report.clip.fps} fps con audio. Red de Chromium (CDP Network.emulateNetworkConditions): ${n.downKbps} kbps de bajada, ${n.upKbps} de subida, ${n.latencyMs} ms de latencia; a los ${n.dropAtS} s de play() baja a ${n.dropKbps} kbps durante ${n.dropForS} s y vuelve. Cada ejecución mira ${report.secondsPerRun} s en un contexto nuevo (caché fría); adaptativo y MP4 único intercalados, ${report.rounds} ronda(s). video.js ${report.videojs} (build completa, VHS; ${JSON.stringify(report.vhs)}).`,
    '',
    `- Servido por: ${report.served}`,
    `- MP4 único: ${MB(report.single.bytes)} (${report.single.videoKbps} kbps de vídeo + AAC 128k, +faststart).`,
    `- Adaptativo: ${report.adaptive.renditions?.map((r) => `${r.height}p ${Math.round(r.averageBandwidth / 1000)} kbps de media, pico ${Math.round(r.bandwidth / 1000)}`).join('; ') ?? '—'} (${MB(report.adaptive.bytes)} en segmentos). ${report.ladderNote}`,
    '',
    '| ejecución | primer fotograma | espera inicial (no cuenta como parón) | parones (total; número) | calidades elegidas (cambios) | reproducido | recibido |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const run of report.runs) {
    const renditions = run.source === 'adaptive' ? `${run.renditions.map((h) => `${h}p`).join(' → ') || '—'} (${run.renditionSwitches})` : '720p (—)';
    lines.push(
      `| ${label(run)}${errorsText(run)} | ${seconds(run.firstFrameMs)}${ok(run, 'primer')} | ${seconds(run.initialWaitMs)} | ${seconds(run.totalStallMs)}; ${run.stalls.length}${ok(run, 'parones')} | ${renditions} | ${run.playedSeconds} s de ${run.seconds} s | ${MB(run.bytes)} |`,
    );
  }
  lines.push('', `Recibido por la página, kbps en cada ventana de 5 s desde play() (la bajada a ${n.dropKbps} kbps va de ${n.dropAtS} s a ${n.dropAtS + n.dropForS} s):`, '');
  for (const run of report.runs) lines.push(`- ${label(run)}: ${run.receivedKbps?.join(' · ') ?? '—'}`);
  const leaked = report.runs.filter((run) => throttleLeaked(run, n.downKbps));
  if (leaked.length) {
    lines.push(
      '',
      `⚠️ En ${leaked.map(label).join('; ')} llegaron ventanas muy por encima de ${n.downKbps} kbps: la limitación de CDP no se aplicó a todas sus peticiones (las de rango que el elemento <video> abre de nuevo tras llenar su búfer). Esas ejecuciones recibieron más de lo que el piso da, así que sus parones son un mínimo: con la red limitada de verdad se pararía más.`,
    );
  }
  lines.push('', `Objetivo del adaptativo: primer fotograma ≤ ${B.firstFrameMs / 1000} s y menos de ${B.stallMs / 1000} s de parones en total; el MP4 único se da para comparar (sin presupuesto). El registro de eventos de cada ejecución está en bench/results/video-floor.json.`);
  return lines;
}
