import { describe, expect, it } from 'vitest';
import { importScopeIssue, NO_PLATFORM, NOT_AN_IMPORTER, OWN_ROW, profileAdminOnly, RING_RING_ADMIN_ONLY, TIME_FACTOR_ADMIN_ONLY, type Importer, type ScopedUser } from '#domain/import-scope';

const ADMIN: Importer = { id: 1, perfil: 'admin', brandId: 2, platformId: null };
const INTERNO: Importer = { id: 2, perfil: 'INTERNO', brandId: 2, platformId: null };
const PLATAFORMA: Importer = { id: 3, perfil: 'PLATAFORMA', brandId: 2, platformId: 10 };

const agent = (over: Partial<ScopedUser> = {}): ScopedUser => ({ perfil: '', brandId: 2, platformId: 10, puntosRingRing: 0, ...over });
const stored = (id: number, over: Partial<ScopedUser> = {}) => ({ id, ...agent(over) });

const INTERNO_OUT = 'Solo puedes importar agentes de tu marca (marca_id 2)';
const INTERNO_STORED_OUT = 'Solo un admin puede cambiar a este usuario: no es un agente de tu marca';
const PLATAFORMA_OUT = 'Solo puedes importar agentes de tu plataforma dentro de tu marca (marca_id 2)';
const PLATAFORMA_STORED_OUT = 'Solo un admin puede cambiar a este usuario: no es un agente de tu plataforma dentro de tu marca';

describe('importScopeIssue', () => {
  it.each<[string, Importer, ReturnType<typeof stored> | null, ScopedUser, string | null]>([
    // admin: anything, except its own row.
    ['admin creates an admin', ADMIN, null, agent({ perfil: 'admin' }), null],
    ['admin demotes another admin', ADMIN, stored(9, { perfil: 'admin' }), agent({ perfil: 'LATAM' }), null],
    ['admin sets Ring Ring points', ADMIN, stored(9, { brandId: 1, puntosRingRing: 1250 }), agent({ brandId: 1, puntosRingRing: 2000 }), null],
    ['admin changes its own row', ADMIN, stored(1, { perfil: 'admin' }), agent({ perfil: 'LATAM' }), OWN_ROW],
    ['admin rewrites its own row unchanged', ADMIN, stored(1, { perfil: 'admin' }), agent({ perfil: 'admin' }), OWN_ROW],
    // INTERNO: agents of its brand.
    ['INTERNO creates an agent of its brand', INTERNO, null, agent({ platformId: 99 }), null],
    ['INTERNO moves its agent to another platform of its brand', INTERNO, stored(9), agent({ platformId: 11 }), null],
    ['INTERNO writes perfil in any case, empty', INTERNO, null, agent({ perfil: '' }), null],
    ['INTERNO keeps an agent\'s unchanged Ring Ring points', INTERNO, stored(9, { puntosRingRing: 300 }), agent({ puntosRingRing: 300 }), null],
    ['INTERNO makes itself admin', INTERNO, stored(2, { perfil: 'INTERNO' }), agent({ perfil: 'admin' }), OWN_ROW],
    ['INTERNO creates an admin', INTERNO, null, agent({ perfil: 'admin' }), profileAdminOnly('admin')],
    ['INTERNO promotes its agent to INTERNO', INTERNO, stored(9), agent({ perfil: 'interno' }), profileAdminOnly('INTERNO')],
    ['INTERNO creates a LATAM', INTERNO, null, agent({ perfil: 'LATAM' }), profileAdminOnly('LATAM')],
    ['INTERNO demotes the admin', INTERNO, stored(1, { perfil: 'admin' }), agent({ perfil: 'LATAM' }), INTERNO_STORED_OUT],
    ['INTERNO renames a PLATAFORMA (staff untouched)', INTERNO, stored(3, { perfil: 'PLATAFORMA' }), agent({ perfil: 'PLATAFORMA' }), INTERNO_STORED_OUT],
    ['INTERNO gives Ring Ring points to a new agent', INTERNO, null, agent({ puntosRingRing: 100 }), RING_RING_ADMIN_ONLY],
    ['INTERNO changes an agent\'s Ring Ring points', INTERNO, stored(9, { puntosRingRing: 300 }), agent({ puntosRingRing: 999_999 }), RING_RING_ADMIN_ONLY],
    ['INTERNO grants extended time to a new agent', INTERNO, null, agent({ timeFactor: 2 }), TIME_FACTOR_ADMIN_ONLY],
    ['INTERNO changes an agent\'s extended time', INTERNO, stored(9, { timeFactor: 1.5 }), agent({ timeFactor: 1 }), TIME_FACTOR_ADMIN_ONLY],
    ['INTERNO keeps an agent\'s extended time', INTERNO, stored(9, { timeFactor: 1.5 }), agent({ timeFactor: 1.5 }), null],
    ['admin grants extended time', ADMIN, stored(9), agent({ timeFactor: 2 }), null],
    ['INTERNO creates an agent of another brand', INTERNO, null, agent({ brandId: 1 }), INTERNO_OUT],
    ['INTERNO moves its agent to another brand', INTERNO, stored(9), agent({ brandId: 1 }), INTERNO_OUT],
    ['INTERNO takes an agent of another brand', INTERNO, stored(9, { brandId: 1 }), agent(), INTERNO_STORED_OUT],
    // PLATAFORMA: agents of its platform within its brand.
    ['PLATAFORMA creates an agent of its platform', PLATAFORMA, null, agent(), null],
    ['PLATAFORMA renames its agent', PLATAFORMA, stored(9), agent(), null],
    ['PLATAFORMA makes itself admin', PLATAFORMA, stored(3, { perfil: 'PLATAFORMA' }), agent({ perfil: 'admin' }), OWN_ROW],
    ['PLATAFORMA creates a PLATAFORMA', PLATAFORMA, null, agent({ perfil: 'PLATAFORMA' }), profileAdminOnly('PLATAFORMA')],
    ['PLATAFORMA creates an agent with no platform', PLATAFORMA, null, agent({ platformId: null }), PLATAFORMA_OUT],
    ['PLATAFORMA creates an agent on another platform', PLATAFORMA, null, agent({ platformId: 11 }), PLATAFORMA_OUT],
    ['PLATAFORMA creates an agent of its platform in another brand', PLATAFORMA, null, agent({ brandId: 1 }), PLATAFORMA_OUT],
    ['PLATAFORMA moves its agent away', PLATAFORMA, stored(9), agent({ platformId: 11 }), PLATAFORMA_OUT],
    ['PLATAFORMA takes an agent of another platform', PLATAFORMA, stored(9, { platformId: 11 }), agent(), PLATAFORMA_STORED_OUT],
    ['PLATAFORMA touches a brand-1 agent of its platform', PLATAFORMA, stored(9, { brandId: 1 }), agent({ brandId: 1 }), PLATAFORMA_STORED_OUT],
    ['PLATAFORMA sets Ring Ring points of its agent', PLATAFORMA, stored(9), agent({ puntosRingRing: 5 }), RING_RING_ADMIN_ONLY],
    ['PLATAFORMA without a platform', { ...PLATAFORMA, platformId: null }, null, agent({ platformId: null }), NO_PLATFORM],
    // Anyone else reaches nobody (the route refuses them earlier; the rule agrees).
    ['LATAM', { id: 4, perfil: 'LATAM', brandId: 2, platformId: null }, null, agent(), NOT_AN_IMPORTER],
    ['an agent', { id: 5, perfil: '', brandId: 2, platformId: 10 }, null, agent(), NOT_AN_IMPORTER],
  ])('%s', (_name, importer, before, after, issue) => {
    expect(importScopeIssue(importer, { stored: before, after })).toBe(issue);
  });
});
