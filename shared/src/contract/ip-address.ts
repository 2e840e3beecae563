/**
 * The per-tenant network allow-list (screens /admin/ip-addresses): its entries, and a small parser
 * and matcher of IPv4 and IPv6 addresses and CIDR ranges, written here so that browser and API
 * agree on what an entry means without another dependency.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
// Its request schemas say what they want through the one source of validation messages, installed here.
import '../validation-messages';

export type IpVersion = 4 | 6;

/** An address as one unsigned integer of 32 (IPv4) or 128 (IPv6) bits. */
export interface ParsedIp {
  version: IpVersion;
  value: bigint;
}

/** A range: the network address with its host bits cleared, and the prefix length. */
export interface CidrRange {
  version: IpVersion;
  network: bigint;
  prefix: number;
}

export interface IpAddressEntry {
  Id: string;
  tenantId: string;
  tenantName: string;
  /** Normalised: `network/prefix`, IPv6 in its canonical short form (RFC 5952). */
  cidr: string;
  description: string | null;
  active: boolean;
  dateCreated: string;
  createdBy: string | null;
  createdByUserName: string | null;
}

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };
/** ::ffff:0:0/96, where IPv4 clients of a dual-stack socket appear. */
const IPV4_MAPPED_MARK = 0xffffn;

const DECIMAL_OCTET = /^(0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const PREFIX = /^(0|[1-9]\d{0,2})$/;

/** Dotted quad only; leading zeros are refused because some parsers read them as octal. */
function parseIpv4(text: string): bigint | null {
  const octets = text.split('.');
  if (octets.length !== 4) return null;
  let value = 0n;
  for (const octet of octets) {
    if (!DECIMAL_OCTET.test(octet) || Number(octet) > 255) return null;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function hexGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups = text.split(':');
  return groups.every((g) => HEX_GROUP.test(g)) ? groups.map((g) => parseInt(g, 16)) : null;
}

/** An embedded IPv4 tail (`::ffff:192.0.2.1`) stands for the last two groups. */
function splitIpv4Tail(text: string): { groupsText: string; tail: number[] } | null {
  if (!text.includes('.')) return { groupsText: text, tail: [] };
  const cut = text.lastIndexOf(':');
  const v4 = cut < 0 ? null : parseIpv4(text.slice(cut + 1));
  if (v4 === null) return null;
  const head = text.slice(0, cut + 1);
  return { groupsText: head.endsWith('::') ? head : head.slice(0, -1), tail: [Number(v4 >> 16n), Number(v4 & 0xffffn)] };
}

function parseIpv6(text: string): bigint | null {
  const split = splitIpv4Tail(text);
  if (!split) return null;
  const halves = split.groupsText.split('::');
  if (halves.length > 2) return null;
  const left = hexGroups(halves[0]!);
  const right = halves.length === 2 ? hexGroups(halves[1]!) : [];
  if (!left || !right) return null;
  const written = left.length + right.length + split.tail.length;
  const compressed = halves.length === 2;
  if (compressed ? written > 7 : written !== 8) return null;
  const zeros = new Array<number>(8 - written).fill(0);
  const groups = compressed ? [...left, ...zeros, ...right, ...split.tail] : [...left, ...split.tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const isIpv4Mapped = (value: bigint) => value >> 32n === IPV4_MAPPED_MARK;

/**
 * Parses a client address. A zone (`fe80::1%eth0`) is ignored, and an IPv4-mapped IPv6 address is
 * read as the IPv4 address it carries, so a dual-stack listener matches IPv4 entries.
 */
export function parseIp(text: string): ParsedIp | null {
  const trimmed = text.trim();
  if (!trimmed.includes(':')) {
    const value = parseIpv4(trimmed);
    return value === null ? null : { version: 4, value };
  }
  const value = parseIpv6(trimmed.replace(/%[\w.-]+$/, ''));
  if (value === null) return null;
  return isIpv4Mapped(value) ? { version: 4, value: value & 0xffffffffn } : { version: 6, value };
}

function prefixMask(version: IpVersion, prefix: number): bigint {
  const bits = BITS[version];
  return prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
}

function parsePrefix(text: string | undefined, version: IpVersion): number | null {
  if (text === undefined) return BITS[version];
  if (!PREFIX.test(text)) return null;
  const prefix = Number(text);
  return prefix <= BITS[version] ? prefix : null;
}

/** `::ffff:10.0.0.0/104` is the IPv4 range 10.0.0.0/8 in disguise; store it as such. */
function unmapIpv4Range(range: CidrRange): CidrRange {
  if (range.version !== 6 || range.prefix < 96 || !isIpv4Mapped(range.network)) return range;
  return { version: 4, network: range.network & 0xffffffffn, prefix: range.prefix - 96 };
}

/** An address or `address/prefix`; host bits below the prefix are cleared. */
export function parseCidr(text: string): CidrRange | null {
  const [addressText, prefixText, ...extra] = text.trim().split('/');
  if (extra.length || !addressText || addressText.includes('%')) return null;
  const version: IpVersion = addressText.includes(':') ? 6 : 4;
  const value = version === 4 ? parseIpv4(addressText) : parseIpv6(addressText);
  const prefix = parsePrefix(prefixText, version);
  if (value === null || prefix === null) return null;
  return unmapIpv4Range({ version, network: value & prefixMask(version, prefix), prefix });
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** The first longest run of two or more zero groups, which RFC 5952 writes as `::`. */
function longestZeroRun(groups: number[]): { start: number; length: number } {
  let best = { start: -1, length: 0 };
  let start = -1;
  for (let i = 0; i < groups.length; i++) {
    if (groups[i] !== 0) {
      start = -1;
      continue;
    }
    if (start < 0) start = i;
    if (i - start + 1 > best.length) best = { start, length: i - start + 1 };
  }
  return best.length >= 2 ? best : { start: -1, length: 0 };
}

function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  const hex = groups.map((g) => g.toString(16));
  const run = longestZeroRun(groups);
  if (run.length === 0) return hex.join(':');
  return `${hex.slice(0, run.start).join(':')}::${hex.slice(run.start + run.length).join(':')}`;
}

export const formatCidr = (range: CidrRange) =>
  `${range.version === 4 ? formatIpv4(range.network) : formatIpv6(range.network)}/${range.prefix}`;

/** The one stored spelling of an entry, or null when the text is not an address or range. */
export function normaliseCidr(text: string): string | null {
  const range = parseCidr(text);
  return range ? formatCidr(range) : null;
}

export function rangeContains(range: CidrRange, ip: ParsedIp): boolean {
  return range.version === ip.version && (ip.value & prefixMask(range.version, range.prefix)) === range.network;
}

/** True when `address` lies in one of `cidrs`. An address that cannot be read matches nothing. */
export function addressMatchesAny(address: string, cidrs: readonly string[]): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  return cidrs.some((cidr) => {
    const range = parseCidr(cidr);
    return range !== null && rangeContains(range, ip);
  });
}

export const CIDR_HINT = 'Enter an IPv4 or IPv6 address or range, such as 203.0.113.0/24 or 2001:db8::/48.';

export const cidrSchema = z
  .string()
  .trim()
  .max(64, CIDR_HINT)
  .transform((text, ctx) => {
    const normalised = normaliseCidr(text);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: CIDR_HINT });
      return z.NEVER;
    }
    return normalised;
  });

export const ipAddressSaveSchema = z.object({
  cidr: cidrSchema,
  description: z.string().trim().max(200, 'A description has at most 200 characters.').nullable().optional(),
  active: z.boolean().default(true),
});
export type IpAddressSave = z.infer<typeof ipAddressSaveSchema>;

export const ipAddressEntrySchema: z.ZodType<IpAddressEntry> = z
  .strictObject({
    Id: answerId,
    tenantId: answerId,
    tenantName: z.string(),
    cidr: z.string(),
    description: z.string().nullable(),
    active: z.boolean(),
    dateCreated: answerInstant,
    createdBy: answerId.nullable(),
    createdByUserName: z.string().nullable(),
  })
  .meta({ id: 'IpAddressEntry' });
