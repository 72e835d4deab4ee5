// Builds the demo users (decisions.md's seven) and the generated agents: Spanish names,
// unique nicknames, @impecable.demo e-mails, spread over both brands and all sites with
// uneven site sizes. Pure given the rng: returns rows, inserts nothing.
import type { NewUser } from '#server/db/schema';
import type { Catalogue } from './catalogue.ts';
import { DEMO_USERS } from './demo-users.ts';
import { asciiSlug, DIVISIONS, FIRST_NAMES, SURNAMES } from './names.ts';
import type { Rng } from './prng.ts';

export interface PlannedUser {
  row: NewUser;
  /** 0..1: how keen the agent is; drives how much activity it gets. */
  engagement: number;
  /** Index (in the planned list) of an agent whose activity this one mirrors: a real tie. */
  twinOf: number | null;
}

/** Agents mirroring their predecessor: every TWIN_EVERY-th generated agent. */
const TWIN_EVERY = 25;

function weightedSite(rng: Rng, sites: Catalogue['sites']) {
  const total = sites.reduce((sum, s) => sum + s.weight, 0);
  let roll = rng.next() * total;
  for (const site of sites) {
    roll -= site.weight;
    if (roll < 0) return site;
  }
  return sites[sites.length - 1] ?? sites[0];
}

export function planUsers(rng: Rng, catalogue: Catalogue, agentCount: number, createdAt: Date): PlannedUser[] {
  const [homeSite, secondSite] = catalogue.sites;
  if (!homeSite || !secondSite) throw new Error('The seed needs at least two sites');
  const planned: PlannedUser[] = DEMO_USERS.map((u) => ({
    row: {
      email: u.email, name: u.name, nick_name: u.nickName, perfil: u.perfil, role: u.role, division: u.division,
      brand_id: u.brandId, puntos_ring_ring: u.puntosRingRing, created_at: createdAt, updated_at: createdAt,
      site_id: u.placement === 'site' ? (u.brandId === 1 ? secondSite.id : homeSite.id) : null,
      platform_id: u.placement === 'site' ? (u.brandId === 1 ? secondSite.platformId : homeSite.platformId)
        : u.placement === 'platform' ? homeSite.platformId : null,
    },
    // Ana is the showcase agent, Bruno an average one; the others earn nothing.
    engagement: u.email.startsWith('ana@') ? 1 : u.email.startsWith('bruno@') ? 0.6 : -1,
    twinOf: null,
  }));

  const nicknames = new Set(planned.map((p) => p.row.nick_name?.toLowerCase()).filter(Boolean));
  for (let i = 0; i < agentCount; i++) {
    const first = rng.pick(FIRST_NAMES);
    const surname1 = rng.pick(SURNAMES);
    const surname2 = rng.pick(SURNAMES);
    const twin = i > 0 && i % TWIN_EVERY === 0 ? planned[planned.length - 1] : undefined;
    const site = twin ? catalogue.sites.find((s) => s.id === twin.row.site_id) ?? homeSite : weightedSite(rng, catalogue.sites) ?? homeSite;
    const brandId = twin ? twin.row.brand_id : rng.chance(0.5) ? 1 : 2;
    let nick = `${first}${surname1.slice(0, 3)}${rng.int(1, 99)}`;
    while (nicknames.has(nick.toLowerCase())) nick = `${nick}${rng.int(0, 9)}`;
    nicknames.add(nick.toLowerCase());
    // A few agents never opened the app: no nickname yet, so no activity either.
    const dormant = !twin && rng.chance(0.01);
    planned.push({
      row: {
        email: `${asciiSlug(`${first} ${surname1}`)}.${String(i + 1).padStart(3, '0')}@impecable.demo`,
        name: `${first} ${surname1} ${surname2}`,
        nick_name: dormant ? null : nick,
        perfil: '', role: 'agente', division: rng.pick(DIVISIONS),
        brand_id: brandId, site_id: site.id, platform_id: site.platformId,
        puntos_ring_ring: brandId === 1 ? rng.int(0, 60) * 50 : 0,
        created_at: createdAt, updated_at: createdAt,
      },
      engagement: dormant ? -1 : twin ? twin.engagement : rng.next(),
      twinOf: twin ? planned.length - 1 : null,
    });
  }
  return planned;
}
