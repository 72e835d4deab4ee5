// One user of each profile, as the domain's access rules receive them (perfil spelled as the
// import files spell it, in any case), for the table-driven tests of profiles and navigation.
import type { AccessUser } from '#domain/profiles';

export const agent2: AccessUser = { perfil: '', marca_id: 2 };
export const agent1: AccessUser = { perfil: '', marca_id: 1 };
export const agent3: AccessUser = { perfil: '', marca_id: 3 };
export const interno: AccessUser = { perfil: 'INTERNO', marca_id: 2 };
export const plataforma: AccessUser = { perfil: 'plataforma', marca_id: 2 };
export const latam: AccessUser = { perfil: 'Latam', marca_id: 2 };
export const admin: AccessUser = { perfil: 'admin', marca_id: 2 };
/** A user row without perfil, and one with null: neither may be let in. */
export const noProfile = { marca_id: 2 } as AccessUser;
export const nullProfile = { perfil: null, marca_id: 2 } as unknown as AccessUser;
