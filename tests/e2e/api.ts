import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { apiSignIn, expect } from './fixtures';

// Server-side checks for end-to-end tests: what the server really recorded, read through
// the API with the user's own token (never through the page under test).

export const ACCESIBLE = 3;

export interface ApiVideo {
  id: number;
  title: string;
  is_hable: boolean;
  visto: boolean;
  porcentaje: number;
  /** Its place in the module: 0 is the presentation. */
  position: number;
  /** The MP4 (a processed video's low rendition, /media/u/…). */
  url: string;
}

export const esNumber = (n: number) => new Intl.NumberFormat('es-ES').format(n);
export const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** An attribute's videos as the user sees them (Accesible unless told). */
export async function videosOf(request: APIRequestContext, token: string, attributeId = ACCESIBLE): Promise<ApiVideo[]> {
  const res = await request.get(`/api/video/atributo/${attributeId}`, auth(token));
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { videos: ApiVideo[] }).videos;
}

/** Reports a video watched to the end, as the player does online. */
export async function markVideoSeen(request: APIRequestContext, token: string, videoId: number): Promise<void> {
  const seen = await request.post(`/api/video/${videoId}/porcentaje`, { ...auth(token), data: { porcentaje: 100 } });
  expect(seen.ok()).toBeTruthy();
}

export async function impsOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/imps', auth(token));
  return ((await res.json()) as { imps: number }).imps;
}

/** A new agent (see importFreshAgent) and an Accesible video open today that they have not seen. */
export async function agentWithUnseenVideo(request: APIRequestContext, label: string) {
  const { email, token } = await importFreshAgent(request, label);
  const video = (await videosOf(request, token)).find((v) => v.is_hable && !v.visto);
  expect(video, 'Accesible has a video open today').toBeDefined();
  return { email, token, video: video! };
}

/**
 * A brand-new agent of brand 2 (Bilbao, Plataforma Norte), imported by the admin: no activity,
 * so no earlier test run and no hour of the day changes what it has seen or started. With
 * `nickname: false` it has none yet, as nuevo@ has until a test saves one.
 */
export async function importFreshAgent(
  request: APIRequestContext, label: string, { nickname = true }: { nickname?: boolean } = {},
): Promise<{ email: string; token: string }> {
  const run = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const email = `${run}@impecable.demo`;
  const csv = ['name;email;nick_name;marca_id;plataforma;sede', `Agente ${run};${email};${nickname ? run : ''};2;Plataforma Norte;Bilbao`].join('\n');
  const imported = await request.post('/api/importar-usuario', {
    ...auth(await apiSignIn(request, 'admin')),
    multipart: { file: { name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  return { email, token: await apiSignIn(request, { email }) };
}

/** A real ID-style photo: a face with some light and shade, as a JPEG. */
export function idPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="#e8edf2"/>
    <path d="M120 1200 C160 900 300 820 450 820 C600 820 740 900 780 1200 Z" fill="#24405f"/>
    <ellipse cx="450" cy="520" rx="190" ry="240" fill="#c98a62"/>
    <path d="M260 480 C250 300 350 250 450 250 C560 250 650 300 640 480 C600 380 530 350 450 350 C370 350 300 380 260 480 Z" fill="#2b1a10"/>
    <ellipse cx="380" cy="520" rx="20" ry="13" fill="#1d130c"/><ellipse cx="520" cy="520" rx="20" ry="13" fill="#1d130c"/>
    <path d="M390 650 Q450 690 510 650" stroke="#7a2e26" stroke-width="12" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Uploads idPhoto() as the agent's reface of an attribute and waits until the portrait is made. */
export async function makePortrait(request: APIRequestContext, token: string, attributeId: number): Promise<void> {
  const upload = await request.post('/api/refaces/upload', {
    ...auth(token),
    multipart: { atributo_id: String(attributeId), image: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await idPhoto() } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  await expect.poll(async () => {
    const status = await request.get(`/api/refaces/status/${attributeId}`, auth(token));
    return ((await status.json()) as { status: string | null }).status;
  }, { timeout: 30_000 }).toBe('completed');
}
