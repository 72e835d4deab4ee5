// Who may change the programme: an admin signed in as themselves. Every other profile, and an
// admin browsing as someone else, gets a 403 before anything is read or written.
import type { FastifyRequest } from 'fastify';
import { canEditProgramme } from '#domain/profiles';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { currentUser } from '#server/plugins/auth';

export const PROGRAMME_FORBIDDEN = 'Solo un administrador puede cambiar el programa';
export const PROGRAMME_IMPERSONATING = 'Mientras navegas como otra persona no puedes cambiar el programa';

export interface ProgrammeEditor {
  user: UserRow;
  ip: string;
}

/** The admin making this request, or a 403 for anyone else. */
export function programmeEditor(request: FastifyRequest): ProgrammeEditor {
  const user = currentUser(request);
  if (!canEditProgramme(user.perfil)) throw new HttpError(403, PROGRAMME_FORBIDDEN);
  if ((request.session?.impersonatorUserId ?? null) !== null) throw new HttpError(403, PROGRAMME_IMPERSONATING);
  return { user, ip: request.ip };
}
