import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { loadConfig } from '../../../src/platform/config/app-config';
import { hostProblem, parseWebhookUrl } from '../../../src/platform/net/net-guard';
import { NetworkPolicy, parseAllowlist } from '../../../src/platform/net/network-policy';
import { userDestinations } from '../../../src/platform/net/network-policies';
import { SafeHttpClient } from '../../../src/platform/net/safe-http';

const policy = (raw: string, allPrivate = false) => {
  const entries = parseAllowlist(raw);
  if ('bad' in entries) throw new Error(entries.bad);
  return NetworkPolicy.fromAllowlist(entries, allPrivate);
};

describe('PRIVATE_NETWORK_ALLOWLIST', () => {
  it('parses CIDRs, single addresses and host names, and refuses anything else at start', () => {
    expect(parseAllowlist(' 10.0.0.0/8, 127.0.0.1 ,fd00::/8, [::1], Hooks.Corp.example, *.corp.example,')).toEqual([
      { net: '10.0.0.0', bits: 8, family: 'ipv4' },
      { net: '127.0.0.1', bits: 32, family: 'ipv4' },
      { net: 'fd00::', bits: 8, family: 'ipv6' },
      { net: '::1', bits: 128, family: 'ipv6' },
      { host: 'hooks.corp.example' },
      { host: '*.corp.example' },
    ]);
    for (const bad of ['10.0.0.0/33', '10.0.0.0/x', 'http://a.example', 'a b', '10.0.0.0/8/1', 'host.example/24']) expect(parseAllowlist(bad)).toEqual({ bad });
    expect(() => loadConfig({ PRIVATE_NETWORK_ALLOWLIST: '10.0.0.0/40' })).toThrow(/PRIVATE_NETWORK_ALLOWLIST/);
    expect(loadConfig({}).privateNetworkAllowlist).toEqual([]);
  });

  it('opens only the listed networks and hosts: loopback stays closed unless listed', () => {
    const p = policy('10.1.0.0/16,mail.corp.example,*.hooks.example');
    expect(p.refusal('10.1.2.3', '10.1.2.3', false)).toBeNull();
    expect(p.refusal('10.2.0.1', '10.2.0.1', false)).toMatch(/private/);
    expect(p.refusal('127.0.0.1', '127.0.0.1', false)).toMatch(/loopback/);
    expect(p.refusal('169.254.169.254', '169.254.169.254', false)).toMatch(/metadata/);
    expect(p.refusal('mail.corp.example', '127.0.0.1', false)).toBeNull(); // a listed name: whatever it resolves to
    expect(p.refusal('a.hooks.example', '192.168.1.1', true)).toBeNull();
    expect(p.refusal('other.example', '10.9.9.9', false)).toMatch(/other\.example resolves to 10\.9\.9\.9/);
    // public addresses: always over TLS, never in clear text unless listed
    expect(p.refusal('example.com', '93.184.216.34', false)).toBeNull();
    expect(p.refusal('example.com', '93.184.216.34', true)).toMatch(/https/);
    expect(p.refusal('10.1.2.3', '10.1.2.3', true)).toBeNull();
  });

  it('the deprecated ALLOW_PRIVATE_NETWORK_URLS=1 lists every private range for user destinations only', () => {
    const p = userDestinations(loadConfig({ ALLOW_PRIVATE_NETWORK_URLS: '1' }));
    expect(p.refusal('127.0.0.1', '127.0.0.1', true)).toBeNull();
    expect(p.refusal('10.0.0.1', '10.0.0.1', false)).toBeNull();
    expect(p.refusal('example.com', '93.184.216.34', true)).toMatch(/https/);
    expect(userDestinations(loadConfig({})).refusal('127.0.0.1', '127.0.0.1', false)).toMatch(/loopback/);
  });

  it('webhook URLs: http:// only towards a listed destination, checked at save', async () => {
    const p = policy('127.0.0.1/32');
    expect(parseWebhookUrl('http://127.0.0.1:9000/a', p)).toBeInstanceOf(URL);
    expect(parseWebhookUrl('http://127.0.0.2:9000/a', p)).toEqual({ message: expect.stringMatching(/loopback/) });
    expect(await hostProblem('127.0.0.1', p, true)).toBeNull();
    expect(await hostProblem('8.8.8.8', p, true)).toMatch(/https/);
    expect(await hostProblem('8.8.8.8', p, false)).toBeNull();
    expect(await hostProblem('127.0.0.1', policy('10.0.0.0/8'), false)).toMatch(/loopback/);
    expect(await hostProblem('127.0.0.1', NetworkPolicy.trusted(), true)).toBeNull();
  });
});

describe('SafeHttpClient under a policy', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('{"ok":true}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = async (p: NetworkPolicy, url: string) => {
    // a refusal answers at once; the deadline only bounds a reachable server's answer, which a loaded machine delays
    const c = new SafeHttpClient({ policy: p, timeoutMs: 30_000 });
    try {
      return (await c.get(url, { maxBytes: 1024 })).status;
    } catch (e) {
      return (e as Error).message;
    } finally {
      c.close();
    }
  };

  it('reaches a loopback server only when the policy lists it or trusts the destination', async () => {
    expect(await get(NetworkPolicy.trusted(), `http://127.0.0.1:${port}/`)).toBe(200);
    expect(await get(NetworkPolicy.trusted(), `http://localhost:${port}/`)).toBe(200);
    expect(await get(policy('127.0.0.0/8,::1'), `http://localhost:${port}/`)).toBe(200);
    expect(await get(policy('127.0.0.1'), `http://127.0.0.1:${port}/`)).toBe(200);
    expect(await get(NetworkPolicy.publicOnly(), `http://127.0.0.1:${port}/`)).toBe('URL must be https');
    expect(await get(policy('10.0.0.0/8'), `http://127.0.0.1:${port}/`)).toBe('refused address 127.0.0.1');
    expect(await get(policy('10.0.0.0/8'), `http://localhost:${port}/`)).toMatch(/localhost resolves to a refused address/);
  });
});
