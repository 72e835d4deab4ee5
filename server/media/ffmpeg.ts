// Running ffmpeg and ffprobe (issue 36): the binaries come from FFMPEG_PATH / FFPROBE_PATH when
// set (a system ffmpeg), otherwise from @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe
// (static builds that `npm install` put in node_modules: nothing is downloaded at run time).
// Always spawned with an argument list, never through a shell; every run has a timeout, and
// only the tail of stderr is kept, for the logs (never for a client: it names paths).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The stderr a failure keeps for the logs: the last lines are the ones that say why. */
const STDERR_KEPT = 2_000;

export class FfmpegError extends Error {
  constructor(message: string, readonly stderr: string, readonly code: number | null) {
    super(message);
    this.name = 'FfmpegError';
  }
}

function installed(module: string): string {
  const found = (require(module) as { path?: unknown }).path;
  if (typeof found !== 'string' || found === '') throw new Error(`${module} no trae un binario para esta plataforma`);
  return found;
}

let ffmpegPath: string | null = null;
let ffprobePath: string | null = null;

export function ffmpegBinary(): string {
  ffmpegPath ??= process.env.FFMPEG_PATH?.trim() || installed('@ffmpeg-installer/ffmpeg');
  return ffmpegPath;
}

export function ffprobeBinary(): string {
  ffprobePath ??= process.env.FFPROBE_PATH?.trim() || installed('@ffprobe-installer/ffprobe');
  return ffprobePath;
}

export interface RunOptions {
  /** Killed (SIGKILL) past this many milliseconds. */
  timeoutMs: number;
  /** Each chunk of stdout as it comes (ffmpeg's -progress pipe:1); otherwise stdout is collected. */
  onStdout?: (chunk: string) => void;
  /** Stops the run (a job being shut down). */
  signal?: AbortSignal;
  /** The most stdout collected (ffprobe's JSON): past it the run is killed and fails. */
  maxStdout?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

const tail = (text: string) => (text.length > STDERR_KEPT ? text.slice(-STDERR_KEPT) : text);

/** Runs `binary` with `args` (no shell); rejects with FfmpegError on a non-zero exit, a timeout or an abort. */
export function run(binary: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false, windowsHide: true });
    let stdout = '';
    let stderr = '';
    let killedFor: string | null = null;
    const kill = (why: string) => {
      if (killedFor) return;
      killedFor = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(`tardó más de ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    const onAbort = () => kill('detenido');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.onStdout) {
        options.onStdout(chunk);
        return;
      }
      stdout += chunk;
      if (options.maxStdout !== undefined && stdout.length > options.maxStdout) kill('salida demasiado grande');
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = tail(stderr + chunk);
    });
    const finish = (error: Error | null, code: number | null) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(new FfmpegError(`${binary}: ${error.message}`, stderr, code));
      else if (killedFor) reject(new FfmpegError(`${binary}: ${killedFor}`, stderr, code));
      else if (code !== 0) reject(new FfmpegError(`${binary} terminó con el código ${code}`, stderr, code));
      else resolve({ stdout, stderr });
    };
    child.once('error', (error) => finish(error, null));
    child.once('close', (code) => finish(null, code));
  });
}

export const runFfmpeg = (args: readonly string[], options: RunOptions) => run(ffmpegBinary(), ['-hide_banner', '-nostdin', ...args], options);
export const runFfprobe = (args: readonly string[], options: RunOptions) => run(ffprobeBinary(), ['-hide_banner', ...args], options);
