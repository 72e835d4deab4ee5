// Asks Google's userinfo endpoint (a configurable URL, a local stand-in in tests) who owns
// an implicit-flow access token. Returns the verified e-mail, or null when Google refuses
// the token or the e-mail is unverified. Never decides membership; the service does.
import { z } from 'zod';
import { HttpError } from '#server/http-error';

const TIMEOUT_MS = 5_000;

const userinfoSchema = z.object({
  email: z.string().min(3),
  // Google sends a boolean; some proxies stringify it. Missing means "not stated".
  email_verified: z.union([z.boolean(), z.string()]).optional(),
});

export async function fetchGoogleEmail(userinfoUrl: string, accessToken: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(userinfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(502, 'No se pudo comprobar la cuenta con Google. Inténtalo de nuevo.');
  }
  if (response.status === 401 || response.status === 403 || response.status === 400) return null;
  if (!response.ok) throw new HttpError(502, 'No se pudo comprobar la cuenta con Google. Inténtalo de nuevo.');
  const parsed = userinfoSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return null;
  const verified = parsed.data.email_verified;
  if (verified === false || verified === 'false') return null;
  return parsed.data.email.trim().toLowerCase();
}
