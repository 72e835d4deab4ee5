// The nickname rule (spec: "El Nick Name es obligatorio."): trimming, required, length, characters.
// Pure; uniqueness needs the database and is checked by the server, not here.
// Never changes letter case: the nickname is shown exactly as the agent typed it.
import { NICKNAME_MAX } from '#contract/session-constants';

export type NicknameCheck = { ok: true; value: string } | { ok: false; error: string };

// Control characters and invisible separators would make two nicknames look identical.
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function checkNickname(raw: string | null | undefined): NicknameCheck {
  const value = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (value === '') return { ok: false, error: 'El Nick Name es obligatorio.' };
  if ([...value].length > NICKNAME_MAX) {
    return { ok: false, error: `El Nick Name no puede tener más de ${NICKNAME_MAX} caracteres.` };
  }
  if (FORBIDDEN.test(value)) return { ok: false, error: 'El Nick Name contiene caracteres no válidos.' };
  return { ok: true, value };
}
