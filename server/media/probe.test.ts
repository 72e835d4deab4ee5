// probeVideo on real files: generated clips pass with their facts; a text file renamed .mp4,
// a truncated MP4, a PNG, an HLS playlist renamed .mp4 (it would make ffmpeg read other files),
// a file with no picture and a clip over the limits are refused with their Spanish reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipFolder, type ClipFolder } from '#test-support/server/video-clips';
import { NO_VIDEO_STREAM, NOT_A_VIDEO, probeVideo, tooBig, tooFast, tooLarge, tooLong, UNREADABLE_VIDEO, VIDEO_LIMITS } from './probe.ts';
import { runFfmpeg } from './ffmpeg.ts';

let clips: ClipFolder;
let clip: string;

beforeAll(async () => {
  clips = clipFolder();
  clip = await clips.clip('clip.mp4');
}, 30_000);

afterAll(() => clips.remove());

describe('probeVideo', () => {
  it('reads a real clip: duration, size, frame rate, audio and codec', async () => {
    expect(await probeVideo(clip)).toEqual({
      ok: true,
      video: { durationSeconds: 3, duration: expect.closeTo(3, 1) as number, width: 320, height: 180, fps: 25, hasAudio: true, videoCodec: 'h264', format: 'mov' },
    });
    const silent = await clips.clip('silent.mp4', { audio: false, seconds: 2 });
    expect(await probeVideo(silent)).toMatchObject({ ok: true, video: { hasAudio: false, durationSeconds: 2 } });
  });

  it('refuses what is not a video, with the reason in Spanish', async () => {
    expect(await probeVideo(clips.file('texto.mp4', 'Hola, esto no es un vídeo.\n'))).toMatchObject({ ok: false, reason: UNREADABLE_VIDEO });
    expect(await probeVideo(clips.truncated('cortado.mp4', clip))).toMatchObject({ ok: false, reason: UNREADABLE_VIDEO });
    expect(await probeVideo(await clips.png('imagen.mp4'))).toMatchObject({ ok: false, reason: NOT_A_VIDEO });
    expect(await probeVideo(clips.file('vacio.mp4', ''))).toMatchObject({ ok: false, reason: NOT_A_VIDEO });
    // A playlist naming a file of the machine: never opened (only real containers are read).
    const playlist = clips.file('lista.mp4', `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n${clip}\n#EXT-X-ENDLIST\n`);
    expect((await probeVideo(playlist)).ok).toBe(false);
    const concat = clips.file('concat.mp4', `ffconcat version 1.0\nfile '${clip}'\n`);
    expect((await probeVideo(concat)).ok).toBe(false);
    const audioOnly = `${clips.dir}/sonido.mp4`;
    await runFfmpeg(['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine', '-t', '1', '-c:a', 'aac', audioOnly], { timeoutMs: 20_000 });
    expect(await probeVideo(audioOnly)).toMatchObject({ ok: false, reason: NO_VIDEO_STREAM });
  });

  it('refuses a clip over each limit', async () => {
    expect(await probeVideo(clip, { ...VIDEO_LIMITS, maxSeconds: 2 })).toEqual({ ok: false, reason: tooLong({ ...VIDEO_LIMITS, maxSeconds: 2 }) });
    expect(tooLong(VIDEO_LIMITS)).toBe('El vídeo dura más de 20 minutos');
    expect(await probeVideo(clip, { ...VIDEO_LIMITS, maxBytes: 1000 })).toEqual({ ok: false, reason: tooLarge({ ...VIDEO_LIMITS, maxBytes: 1000 }) });
    expect(tooLarge(VIDEO_LIMITS)).toBe('El vídeo ocupa más de 500 MB');
    const small = { ...VIDEO_LIMITS, maxLongSide: 300, maxShortSide: 160 };
    expect(await probeVideo(clip, small)).toEqual({ ok: false, reason: tooBig(small) });
    expect(await probeVideo(clip, { ...VIDEO_LIMITS, maxFps: 24 })).toEqual({ ok: false, reason: tooFast({ ...VIDEO_LIMITS, maxFps: 24 }) });
  });
});
