/**
 * What kind of machine a URL's host names, for links and redirect targets that come from outside
 * (task text, a server's Location header). Pure and DOM-free: used by the extension host, the client
 * and the webview bundle alike.
 *
 * Always give it `new URL(...).hostname`: the WHATWG parser has already turned every spelling of an
 * IPv4 address (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short `127.1`) into dotted
 * decimal, lower-cased names, turned Unicode names into punycode (`xn--`) and compressed IPv6 literals,
 * so one check here covers all of them.
 */

/** `loopback` and `private` never leave this machine or network; `public` is anything else. */
export type HostKind = 'loopback' | 'private' | 'public';

export interface HostInfo {
  kind: HostKind;
  /** The host is an IP address literal (v4 or v6), not a name. */
  ip: boolean;
  /** The name has a punycode label (`xn--`): it is shown to people in another script (homographs). */
  idn: boolean;
}

/** Names that resolve to this machine or the local network by convention (RFC 6761, 6762, 8375). */
const LOOPBACK_SUFFIXES = ['localhost'];
const PRIVATE_SUFFIXES = ['local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa'];

export function describeHost(hostname: string): HostInfo {
  let end = hostname.length;
  while (end > 0 && hostname[end - 1] === '.') end--; // a trailing dot names the same host (no regex: linear)
  const host = hostname.slice(0, end).toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) {
    return { kind: ipv6Kind(host.slice(1, -1)), ip: true, idn: false };
  }
  const v4 = parseIpv4(host);
  if (v4 !== undefined) {
    return { kind: ipv4Kind(v4), ip: true, idn: false };
  }
  const labels = host.split('.');
  const idn = labels.some((label) => label.startsWith('xn--'));
  const endsWith = (suffix: string): boolean => host === suffix || host.endsWith(`.${suffix}`);
  if (host === '' || LOOPBACK_SUFFIXES.some(endsWith)) {
    return { kind: 'loopback', ip: false, idn };
  }
  // A single-label name (`intranet`, `router`) is resolved through the local search domains.
  if (labels.length === 1 || PRIVATE_SUFFIXES.some(endsWith)) {
    return { kind: 'private', ip: false, idn };
  }
  return { kind: 'public', ip: false, idn };
}

/** True when the host is this machine or a machine of a private network (see describeHost). */
export function isNonPublicHost(hostname: string): boolean {
  return describeHost(hostname).kind !== 'public';
}

/** Dotted-decimal IPv4 as the URL parser writes it, else undefined. */
function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return undefined;
  }
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function inV4(address: number, base: [number, number, number, number], bits: number): boolean {
  const start = ((base[0] * 256 + base[1]) * 256 + base[2]) * 256 + base[3];
  const size = 2 ** (32 - bits);
  return address >= start && address < start + size;
}

function ipv4Kind(address: number): HostKind {
  if (inV4(address, [127, 0, 0, 0], 8) || inV4(address, [0, 0, 0, 0], 8)) {
    return 'loopback'; // 0.0.0.0 reaches this machine on most systems
  }
  const nonPublic: Array<[[number, number, number, number], number]> = [
    [[10, 0, 0, 0], 8],
    [[172, 16, 0, 0], 12],
    [[192, 168, 0, 0], 16],
    [[169, 254, 0, 0], 16], // link-local, cloud metadata services
    [[100, 64, 0, 0], 10], // carrier-grade NAT
    [[192, 0, 0, 0], 24], // IETF protocol assignments
    [[198, 18, 0, 0], 15], // benchmarking
    [[224, 0, 0, 0], 4], // multicast
    [[240, 0, 0, 0], 4], // reserved, broadcast
  ];
  return nonPublic.some(([base, bits]) => inV4(address, base, bits)) ? 'private' : 'public';
}

/** Eight 16-bit groups of an IPv6 literal (no brackets); undefined when it is not one. */
function parseIpv6(text: string): number[] | undefined {
  const zone = text.indexOf('%');
  const bare = (zone >= 0 ? text.slice(0, zone) : text).toLowerCase();
  let body = bare;
  const lastColon = bare.lastIndexOf(':');
  if (bare.slice(lastColon + 1).includes('.')) {
    // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes its two hex groups.
    const v4 = parseIpv4(bare.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    body = `${bare.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out = part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
    return out.some(Number.isNaN) ? undefined : out;
  };
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !rest) return undefined;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

function ipv6Kind(text: string): HostKind {
  const g = parseIpv6(text);
  if (!g) {
    return 'private'; // not understood: never treated as a public address
  }
  const zeroUpTo = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  const embedded = (hi: number, lo: number): HostKind => ipv4Kind(hi * 65536 + lo);
  if (zeroUpTo(7) && (g[7] === 1 || g[7] === 0)) {
    return 'loopback'; // ::1, and :: (unspecified)
  }
  if (zeroUpTo(5) && g[5] === 0xffff) {
    return embedded(g[6]!, g[7]!); // IPv4-mapped ::ffff:a.b.c.d
  }
  if (zeroUpTo(6)) {
    return embedded(g[6]!, g[7]!); // IPv4-compatible ::a.b.c.d (deprecated)
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return embedded(g[6]!, g[7]!); // NAT64 64:ff9b::a.b.c.d
  }
  if (g[0] === 0x2002) {
    return embedded(g[1]!, g[2]!); // 6to4 2002:aabb:ccdd::
  }
  const first = g[0]!;
  if (
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xffc0) === 0xfec0 ||
    (first & 0xff00) === 0xff00
  ) {
    return 'private'; // unique local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast
  }
  return 'public';
}
