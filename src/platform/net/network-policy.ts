import { BlockList, isIP } from 'node:net';
import { isBlockedAddress } from './net-guard';

/** One entry of PRIVATE_NETWORK_ALLOWLIST: a network (CIDR or single address) or a host name (`*.` for its subdomains). */
export type AllowEntry = { net: string; bits: number; family: 'ipv4' | 'ipv6' } | { host: string };

const HOST = /^(\*\.)?(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Parses the comma-separated list; returns the entries or the first entry that is neither a CIDR, an address nor a host name. */
export function parseAllowlist(raw: string): AllowEntry[] | { bad: string } {
  const out: AllowEntry[] = [];
  for (const item of raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    const [addr, bitsText, extra] = item.replace(/^\[|\](?=\/|$)/g, '').split('/');
    const family = isIP(addr);
    if (family) {
      const max = family === 4 ? 32 : 128;
      const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
      if (extra !== undefined || !(bits >= 0 && bits <= max)) return { bad: item };
      out.push({ net: addr, bits, family: family === 4 ? 'ipv4' : 'ipv6' });
    } else if (bitsText === undefined && HOST.test(item)) {
      out.push({ host: item });
    } else {
      return { bad: item };
    }
  }
  return out;
}

/**
 * Which destinations an outbound connection may reach. Public addresses always; loopback, private,
 * link-local and metadata addresses (net-guard's list) only where this policy lists them. Plain `http://`
 * (and a mailbox without TLS) only towards a listed destination. Three policies exist (docs/configuration.md):
 * - `trusted()`: the operator's own configuration (ASK_LLM_URL), reached as configured, unguarded;
 * - `fromAllowlist(...)`: destinations workspace users set (webhooks, record connections, mailbox servers):
 *   PRIVATE_NETWORK_ALLOWLIST, or every private range with the deprecated ALLOW_PRIVATE_NETWORK_URLS=1;
 * - `publicOnly()`: OAuth client ID metadata documents, fetched for anyone who asks: never private,
 *   whatever the configuration (tests reach their loopback server by handing another policy to createApp).
 */
export class NetworkPolicy {
  private readonly networks = new BlockList();
  private readonly hosts = new Set<string>();
  private readonly suffixes: string[] = [];

  private constructor(
    /** Unguarded: every address and scheme (the operator's configuration). */
    readonly trusted: boolean,
    /** Every blocked range counts as listed (the deprecated switch). */
    private readonly allPrivate: boolean,
    entries: AllowEntry[],
  ) {
    for (const e of entries) {
      if ('host' in e) {
        if (e.host.startsWith('*.')) this.suffixes.push(e.host.slice(1));
        else this.hosts.add(e.host);
      } else {
        this.networks.addSubnet(e.net, e.bits, e.family);
      }
    }
    this.opensAny = trusted || allPrivate || entries.length > 0;
  }

  /** True when something beyond public https destinations is allowed at all (plain http:// can be meant). */
  readonly opensAny: boolean;

  static trusted(): NetworkPolicy {
    return new NetworkPolicy(true, false, []);
  }

  static publicOnly(): NetworkPolicy {
    return new NetworkPolicy(false, false, []);
  }

  static fromAllowlist(entries: AllowEntry[], allPrivate = false): NetworkPolicy {
    return new NetworkPolicy(false, allPrivate, entries);
  }

  /** Every address is allowed over TLS (trusted, or the deprecated every-private switch): no lookup needed to decide. */
  get allowsEveryAddress(): boolean {
    return this.trusted || this.allPrivate;
  }

  /** Is `hostname` (a name, not an address) listed by the operator? Then whatever it resolves to is theirs. */
  listsHost(hostname: string): boolean {
    const h = hostname.toLowerCase().replace(/\.$/, '');
    return this.hosts.has(h) || this.suffixes.some((s) => h.endsWith(s));
  }

  /** Is `address` (an IP literal) in a listed network? */
  listsAddress(address: string): boolean {
    if (this.trusted) return true;
    const a = bare(address);
    const family = isIP(a);
    if (!family) return false;
    if (this.allPrivate && isBlockedAddress(a)) return true;
    return this.networks.check(a, family === 4 ? 'ipv4' : 'ipv6');
  }

  /**
   * Why `address`, which `hostname` resolved to (the address itself for an IP literal), may not be reached,
   * or null. `plain`: the connection would be unencrypted (http://, a mailbox without TLS), allowed only
   * towards a listed host or network.
   */
  refusal(hostname: string, address: string, plain: boolean): string | null {
    if (this.trusted) return null;
    const named = isIP(bare(hostname)) === 0;
    if (named && this.listsHost(hostname)) return null;
    if (this.listsAddress(address)) return null;
    const who = named ? `${hostname} resolves to ${bare(address)}, ` : `${bare(address)} is `;
    if (isBlockedAddress(address)) return `${who}a loopback, private, link-local or metadata address`;
    return plain ? `${named ? hostname : bare(address)} is not a listed private destination: use https://` : null;
  }
}

function bare(address: string): string {
  return address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
}
