// What an uploaded video is, by ffprobe (issue 36), before anything is stored: a container of
// the known kinds with a video stream, within the limits (20 min, 500 MB, 1920×1080, 60 fps).
// Anything else is refused with a Spanish sentence for the operator; ffprobe's own words stay
// in the logs. The demuxers allowed are a short list of real video containers, and only the
// `file` protocol: a playlist or a concat list renamed .mp4 (which would make ffmpeg read other
// files or the network) is refused as "not a video".
import { stat } from 'node:fs/promises';
import { FfmpegError, runFfprobe } from './ffmpeg.ts';

export interface VideoLimits {
  maxSeconds: number;
  maxBytes: number;
  /** The longer side and the shorter side (1920×1080, either way round). */
  maxLongSide: number;
  maxShortSide: number;
  maxFps: number;
}

export const VIDEO_LIMITS: VideoLimits = {
  maxSeconds: 20 * 60,
  maxBytes: 500 * 1024 * 1024,
  maxLongSide: 1920,
  maxShortSide: 1080,
  maxFps: 60,
};

export interface ProbedVideo {
  /** Rounded, at least 1. */
  durationSeconds: number;
  /** Exact, for the progress of a transcoding. */
  duration: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
  videoCodec: string;
  /** The demuxer ffprobe chose: the transcoder forces the same one. */
  format: string;
}

export type ProbeOutcome = { ok: true; video: ProbedVideo } | { ok: false; reason: string; detail?: string };

export const NOT_A_VIDEO = 'El archivo no es un vídeo que podamos leer (sube un MP4)';
export const NO_VIDEO_STREAM = 'El archivo no tiene imagen de vídeo';
export const UNREADABLE_VIDEO = 'No se pudo leer el vídeo: puede estar dañado o incompleto';
export const tooLong = (limits: VideoLimits) => `El vídeo dura más de ${limits.maxSeconds >= 60 ? `${limits.maxSeconds / 60} minutos` : `${limits.maxSeconds} segundos`}`;
export const tooLarge = (limits: VideoLimits) => `El vídeo ocupa más de ${Math.round(limits.maxBytes / (1024 * 1024))} MB`;
export const tooBig = (limits: VideoLimits) => `La imagen del vídeo supera ${limits.maxLongSide}×${limits.maxShortSide}`;
export const tooFast = (limits: VideoLimits) => `El vídeo tiene más de ${limits.maxFps} imágenes por segundo`;

/** ffprobe's format names (comma lists) that are real video containers. */
const CONTAINERS = new Set(['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'mpegts', 'flv', 'asf']);
/** Image "codecs" that make a still picture look like a one-frame video. */
const STILL_CODECS = new Set(['png', 'mjpeg', 'jpegls', 'webp', 'gif', 'bmp', 'tiff', 'apng']);

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

function rate(value: string | undefined): number | null {
  const [num, den] = (value ?? '').split('/').map(Number);
  if (num === undefined || !Number.isFinite(num) || num <= 0) return null;
  const d = den === undefined ? 1 : den;
  return Number.isFinite(d) && d > 0 ? num / d : null;
}

/** Probes the file at `path`; never throws for a bad file (an `ok: false` with the reason). */
export async function probeVideo(path: string, limits: VideoLimits = VIDEO_LIMITS): Promise<ProbeOutcome> {
  const size = (await stat(path)).size;
  if (size > limits.maxBytes) return { ok: false, reason: tooLarge(limits) };
  if (size === 0) return { ok: false, reason: NOT_A_VIDEO };
  let output: FfprobeOutput;
  try {
    const { stdout } = await runFfprobe(
      ['-v', 'error', '-protocol_whitelist', 'file', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeoutMs: 30_000, maxStdout: 1_000_000 },
    );
    output = JSON.parse(stdout) as FfprobeOutput;
  } catch (error) {
    return { ok: false, reason: UNREADABLE_VIDEO, detail: error instanceof FfmpegError ? `${error.message}: ${error.stderr}` : String(error) };
  }
  const formats = (output.format?.format_name ?? '').split(',');
  const format = formats[0] ?? '';
  if (!formats.some((f) => CONTAINERS.has(f))) return { ok: false, reason: NOT_A_VIDEO, detail: `format ${output.format?.format_name}` };
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1 && !STILL_CODECS.has(s.codec_name ?? ''));
  if (!video) return { ok: false, reason: NO_VIDEO_STREAM };
  const duration = Number(output.format?.duration ?? video.duration);
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  const fps = rate(video.avg_frame_rate) ?? rate(video.r_frame_rate);
  if (!Number.isFinite(duration) || duration <= 0 || width <= 0 || height <= 0 || fps === null) {
    return { ok: false, reason: UNREADABLE_VIDEO, detail: `duration ${duration}, ${width}×${height}, fps ${fps}` };
  }
  if (duration > limits.maxSeconds) return { ok: false, reason: tooLong(limits) };
  if (Math.max(width, height) > limits.maxLongSide || Math.min(width, height) > limits.maxShortSide) return { ok: false, reason: tooBig(limits) };
  // 60000/1001 and the like are 60 fps; a hair over is rounding, not a faster video.
  if (fps > limits.maxFps + 0.5) return { ok: false, reason: tooFast(limits) };
  return {
    ok: true,
    video: {
      durationSeconds: Math.max(1, Math.round(duration)),
      duration,
      width,
      height,
      fps,
      hasAudio: streams.some((s) => s.codec_type === 'audio'),
      videoCodec: video.codec_name ?? 'desconocido',
      format,
    },
  };
}
