import { BlockList, isIP } from 'node:net';
import type { NetworkPolicy } from './network-policy';

/**
 * Addresses an outbound connection may not reach unless its NetworkPolicy lists them: loopback, private,
 * shared (CGNAT, where cloud metadata such as 100.100.100.200 lives), link-local (169.254.169.254
 * metadata), unspecified, multicast, reserved and documentation ranges, and their IPv6 forms
 * (unique-local fc00::/7 holds fd00:ec2::254, NAT64 64:ff9b::/96 can reach any IPv4 address).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** True when `address` (an IP literal) is loopback, private, link-local, metadata or reserved; a non-IP counts as one too. */
export function isBlockedAddress(address: string): boolean {
  let a = address.trim().toLowerCase();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  a = a.replace(/%.*$/, ''); // zone id
  const family = isIP(a);
  if (family === 4) return blocked.check(a, 'ipv4');
  if (family !== 6) return true;
  // IPv4-mapped / -compatible forms (::ffff:127.0.0.1, ::ffff:7f00:1, ::127.0.0.1) are judged as IPv4
  const mapped = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const hexMapped = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1], 16);
    const lo = parseInt(hexMapped[2], 16);
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return blocked.check(a, 'ipv6');
}

export type UrlProblem = { message: string };

const REFUSED = 'must not point to a loopback, private, link-local or metadata address';

/**
 * Syntax of a webhook URL: `https://` (`http://` only where the policy opens private destinations: hostProblem
 * then requires a listed one), a host, no credentials, at most 2000 characters. Returns the parsed URL or a problem.
 */
export function parseWebhookUrl(raw: string, policy: NetworkPolicy): URL | UrlProblem {
  if (raw.length > 2000) return { message: 'must be at most 2000 characters' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { message: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && !(policy.opensAny && url.protocol === 'http:')) return { message: 'must start with https://' };
  if (!url.hostname) return { message: 'must name a host' };
  if (url.username || url.password) return { message: 'must not contain credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (policy.refusal(host, host, false)) return { message: REFUSED };
  } else if (!policy.opensAny && (/(^|\.)localhost$/i.test(host) || /\.(internal|local|localdomain|home\.arpa)$/i.test(host))) {
    return { message: REFUSED };
  }
  return url;
}

/**
 * Save-time check of a destination's host: every address it resolves to must be allowed by the policy (the
 * agent checks again at connect time); `plain` (http://, no TLS) needs a listed destination. Unresolvable
 * names are refused too: the destination could never be reached.
 */
export async function hostProblem(hostname: string, policy: NetworkPolicy, plain = false): Promise<string | null> {
  if (policy.trusted) return null;
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return policy.refusal(host, host, plain);
  // every address is allowed over TLS: a name that does not resolve here is checked again when connecting
  if (policy.listsHost(host) || (policy.allowsEveryAddress && !plain)) return null;
  const { lookup } = await import('node:dns/promises');
  let addrs: { address: string }[];
  try {
    addrs = await lookup(host, { all: true });
  } catch {
    return `${host} does not resolve`;
  }
  if (!addrs.length) return `${host} does not resolve`;
  for (const a of addrs) {
    const problem = policy.refusal(host, a.address, plain);
    if (problem) return problem;
  }
  return null;
}
