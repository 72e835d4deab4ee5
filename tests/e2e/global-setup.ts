// Before any spec: the demo's videos are processed. The e2e server starts on an empty database,
// so its seed stores the demo's generated clips as video sources and queues the job
// `video-transcode` for each (server/seed/demo-media.ts); agents see a video only once it is
// ready. Waits, as the admin, on Programa › Vídeos' own list until every video is 'ready'
// (fails at once on a failed one, or after the timeout), so every spec that plays a demo video
// finds it there.
import { request, type FullConfig } from '@playwright/test';
import { DEMO_SSO_SECRET } from '#server/config';
import { signSsoToken } from '#server/modules/auth/sso-token';

const TIMEOUT_MS = 240_000;

interface AdminList {
  atributos: { slug: string; videos: { id: number; title: string; processing: string; processing_error: string | null }[] }[];
}

export default async function waitForDemoVideos(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const api = await request.newContext({ baseURL });
  const started = Date.now();
  try {
    const login = await api.post('/api/auth/login-sso', { headers: { Authorization: `Bearer ${await signSsoToken(DEMO_SSO_SECRET, 'admin@impecable.demo')}` } });
    if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()} ${await login.text()}`);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    for (;;) {
      const res = await api.get('/api/programa/videos', { headers: { Authorization: `Bearer ${token}` } });
      if (!res.ok()) throw new Error(`GET /api/programa/videos: ${res.status()}`);
      const videos = ((await res.json()) as AdminList).atributos.flatMap((a) => a.videos);
      const failed = videos.find((v) => v.processing === 'failed');
      if (failed) throw new Error(`the demo video «${failed.title}» failed to process: ${failed.processing_error}`);
      if (videos.length > 0 && videos.every((v) => v.processing === 'ready')) break;
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`the demo videos are not processed after ${TIMEOUT_MS / 1000} s: ${videos.map((v) => v.processing).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    console.log(`[e2e] demo videos processed (${((Date.now() - started) / 1000).toFixed(1)} s after the server was ready)`);
  } finally {
    await api.dispose();
  }
}
