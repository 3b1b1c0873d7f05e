import { isIP } from 'node:net';

/**
 * Whether an IP address is on the public internet. Everything else is refused for calendar imports
 * (unless the operator allows it), so that an owner cannot make the server fetch from its own
 * network: loopback, private (RFC 1918, unique local), carrier-grade NAT, link-local (including the
 * cloud metadata address 169.254.169.254), multicast, documentation, benchmarking and reserved
 * ranges. IPv4 addresses carried inside IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address they carry; Teredo is refused.
 */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return isPublicV4(v4Number(address));
  if (kind === 6) return isPublicV6(address);
  return false;
}

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_NOT_PUBLIC: Array<[string, number]> = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const V4_RANGES = V4_NOT_PUBLIC.map(([base, bits]) => ({ base: v4Number(base), size: 2 ** (32 - bits) }));

function isPublicV4(n: number): boolean {
  return !V4_RANGES.some((r) => n >= r.base && n < r.base + r.size);
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes the last two). */
export function v6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

function isPublicV6(address: string): boolean {
  if (address.includes('%')) return false; // a zone index: link-local by nature
  const g = v6Groups(address);
  const embeddedV4 = (hi: number, lo: number) => isPublicV4(hi * 65536 + lo);
  const first = g[0]!;
  // ::/96 (unspecified, loopback, IPv4-compatible) and ::ffff:0:0/96 (IPv4-mapped)
  if (g.slice(0, 5).every((x) => x === 0)) {
    if (g[5] === 0xffff) return embeddedV4(g[6]!, g[7]!);
    if (g[5] === 0) return g[6] === 0 && g[7]! <= 1 ? false : embeddedV4(g[6]!, g[7]!);
    return false;
  }
  // 64:ff9b::/96 NAT64
  if (first === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embeddedV4(g[6]!, g[7]!);
  // 2002::/16 6to4: the IPv4 address is in groups 1 and 2.
  if (first === 0x2002) return embeddedV4(g[1]!, g[2]!);
  // Only global unicast (2000::/3) is public at all.
  if ((first & 0xe000) !== 0x2000) return false;
  if (first === 0x2001 && g[1]! < 0x200) return false; // 2001::/23 IETF protocol assignments (Teredo, ORCHID, benchmarking)
  if (first === 0x2001 && g[1] === 0xdb8) return false; // documentation
  if (first === 0x3fff && g[1]! <= 0x0fff) return false; // 3fff::/20 documentation
  return true;
}
