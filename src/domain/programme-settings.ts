// Maintenance and the change log as rules (issue 35): what an IP address is and how it is
// written (one spelling per address, so a list compares by text), what a valid allow-list is,
// when turning maintenance on would lock the admin out, and which fields a change touched.
// Pure: the route, the maintenance plugin and the screen use the same functions. Never reads
// the network, the clock or the database.
import { MAINTENANCE_ALLOWLIST_MAX } from '#contract/programme-settings-constants';

export interface MaintenanceSetting {
  state: 0 | 1;
  allowlist: string[];
}

/** Nobody changed it yet: the app is open, and the list is empty. */
export const MAINTENANCE_DEFAULT: MaintenanceSetting = { state: 0, allowlist: [] };

const IPV4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

function ipv4Octets(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counts as two), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string, last: boolean): number[] | null => {
    if (half === '') return [];
    const parts = half.split(':');
    const groups: number[] = [];
    for (const [i, part] of parts.entries()) {
      if (last && i === parts.length - 1 && part.includes('.')) {
        const octets = ipv4Octets(part);
        if (!octets) return null;
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else if (HEX_GROUP.test(part)) groups.push(parseInt(part, 16));
      else return null;
    }
    return groups;
  };
  const head = parse(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parse(halves[1]!, true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups as '::'. */
function ipv6Text(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/**
 * The one spelling of an IP address, or null if `raw` is not one: IPv4 as dotted decimal
 * (an IPv4-mapped IPv6 address, as a dual-stack socket reports IPv4 clients, becomes its IPv4),
 * IPv6 as RFC 5952 writes it. No zones, prefixes, brackets or ports.
 */
export function normalizeIp(raw: string): string | null {
  const text = raw.trim().toLowerCase();
  if (text.length === 0 || text.length > 45) return null;
  const octets = ipv4Octets(text);
  if (octets) return octets.join('.');
  const groups = ipv6Groups(text);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return ipv6Text(groups);
}

export interface AllowlistProblem {
  /** The 1-based line of the list the problem is about (null: the whole list). */
  line: number | null;
  message: string;
}

export type AllowlistCheck = { ok: true; allowlist: string[] } | { ok: false; problems: AllowlistProblem[] };

/**
 * The allow-list as it is stored: each address in its one spelling, in the order given, blank
 * lines dropped; or every problem (an address that is none, a repeated one, too many).
 */
export function checkAllowlist(lines: readonly string[]): AllowlistCheck {
  const problems: AllowlistProblem[] = [];
  const allowlist: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const ip = normalizeIp(line);
    if (ip === null) problems.push({ line: index + 1, message: `«${line.trim()}» no es una dirección IP válida (por ejemplo 203.0.113.7 o 2001:db8::1)` });
    else if (allowlist.includes(ip)) problems.push({ line: index + 1, message: `La dirección ${ip} está repetida` });
    else allowlist.push(ip);
  });
  if (allowlist.length > MAINTENANCE_ALLOWLIST_MAX) {
    problems.push({ line: null, message: `La lista admite como mucho ${MAINTENANCE_ALLOWLIST_MAX} direcciones (tiene ${allowlist.length})` });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, allowlist };
}

/** Whether `ip` may use the app while `setting` is in force. */
export function maintenanceLetsIn(setting: MaintenanceSetting, ip: string): boolean {
  if (setting.state !== 1) return true;
  const caller = normalizeIp(ip);
  return caller !== null && setting.allowlist.includes(caller);
}

/** The refusal of a change that would shut out the admin making it, or null if it is safe. */
export function selfLockout(next: MaintenanceSetting, callerIp: string): string | null {
  if (maintenanceLetsIn(next, callerIp)) return null;
  return `Añade tu IP (${normalizeIp(callerIp) ?? callerIp}) a la lista o te quedarás fuera`;
}

/** Reads a stored setting defensively: anything unreadable counts as the default (open). */
export function readMaintenanceSetting(value: unknown): MaintenanceSetting {
  if (typeof value !== 'object' || value === null) return MAINTENANCE_DEFAULT;
  const { state, allowlist } = value as { state?: unknown; allowlist?: unknown };
  const list = Array.isArray(allowlist) ? allowlist.filter((ip): ip is string => typeof ip === 'string') : [];
  return { state: state === 1 ? 1 : 0, allowlist: [...new Set(list.flatMap((ip) => normalizeIp(ip) ?? []))] };
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields a change touched, for the history's before/after view: every field whose value
 * differs (compared as JSON). A change from or to nothing (created, deleted) lists every field
 * of the side that exists; two values that are not objects are one field, 'valor'.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: 'valor', before: before ?? null, after: after ?? null }];
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => !same(from[field] ?? null, to[field] ?? null))
    .map((field) => ({ field, before: from[field] ?? null, after: to[field] ?? null }));
}
