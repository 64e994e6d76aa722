import { checkBody } from '../../../src/edge/body-guard';
import { addDays, daysBetween, formatTimestamp, isIsoDate, todayIn } from '../../../src/platform/common/time';
import { SecretBox, constantTimeEqual, newToken } from '../../../src/platform/common/crypto';
import { loadConfig } from '../../../src/platform/config/app-config';
import { isWeakPassword } from '../../../src/domain/identity/password';
import { currentTotp, verifyTotp } from '../../../src/domain/identity/totp';
import { slugFromHost } from '../../../src/domain/workspace/host';

describe('slugFromHost', () => {
  it.each([
    ['acme.localhost:3000', 'acme'],
    ['ACME.localhost', 'acme'],
    ['localhost:3000', 'demo'],
    ['localhost', 'demo'],
    ['127.0.0.1:3000', 'demo'],
    ['[::1]:3000', 'demo'],
    [undefined, 'demo'],
    ['a.b.localhost', null],
    ['evil.com', null],
    ['-bad.localhost', null],
  ])('%s -> %s', (host, slug) => expect(slugFromHost(host, 'localhost', 'demo')).toBe(slug));

  it('uses the configured base domain', () => {
    expect(slugFromHost('acme.crm.example.com', 'crm.example.com', 'demo')).toBe('acme');
    expect(slugFromHost('crm.example.com', 'crm.example.com', 'demo')).toBe('demo');
  });
});

describe('checkBody', () => {
  it('accepts ordinary bodies', () => expect(checkBody({ a: [1, { b: 'c' }] })).toBeNull());
  it('refuses deep nesting without recursion', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(checkBody({ x: v })?.message).toMatch(/nested deeper than 32/);
  });
  it('refuses prototype keys', () => expect(checkBody(JSON.parse('{"a":{"__proto__":{}}}'))?.message).toBe('a.__proto__: key not allowed'));
});

describe('time', () => {
  it('formats timestamps in the workspace zone without offset', () => {
    const d = new Date('2026-01-15T21:30:05Z');
    expect(formatTimestamp(d, 'Europe/Istanbul')).toBe('2026-01-16T00:30:05');
    expect(formatTimestamp(d, 'UTC')).toBe('2026-01-15T21:30:05');
    expect(formatTimestamp(null, 'UTC')).toBeNull();
    expect(todayIn('Europe/Istanbul', d)).toBe('2026-01-16');
  });
  it('validates and computes dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    // year 0000 is ISO's 1 BC, no date of PostgreSQL's; year 1 is
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
  it('counts days between dates as parsing the text does, for every day of 1899-2101 and odd inputs', () => {
    const parsed = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
    const base = '2026-11-26';
    for (let t = Date.UTC(1899, 0, 1); t <= Date.UTC(2101, 11, 31); t += 86_400_000) {
      const d = new Date(t).toISOString().slice(0, 10);
      if (daysBetween(base, d) !== parsed(base, d)) throw new Error(`daysBetween(${base}, ${d})`);
    }
    for (const odd of ['0050-01-01', '2026-02-30', '2026-13-01', '2026-1-01', 'x', '']) expect(daysBetween(base, odd)).toEqual(parsed(base, odd));
  });
});

describe('secrets', () => {
  it('makes tokens with their prefix and 256 bits', () => expect(newToken('sk')).toMatch(/^sk_[A-Za-z0-9_-]{43}$/));

  it('never hands out the same random bytes twice, also across refills of its buffer of random bytes', () => {
    const tokens = Array.from({ length: 1000 }, () => newToken('sk').slice(3));
    expect(new Set(tokens).size).toBe(1000);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    // no token is all zero bytes (the used part of the buffer is wiped, never reused)
    expect(tokens).not.toContain(Buffer.alloc(32).toString('base64url'));
  });
  it('compares in constant time', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
  it('seals and opens; a wrong key fails', () => {
    const box = new SecretBox('k'.repeat(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox('x'.repeat(32)).open(sealed)).toThrow();
  });
  it('derives a key per purpose from the secret (sha256 of purpose:secret)', () => {
    const box = new SecretBox('k'.repeat(32));
    expect(box.derive('csrf')).toMatch(/^[0-9a-f]{64}$/);
    expect(box.derive('csrf')).toBe(new SecretBox('k'.repeat(32)).derive('csrf'));
    expect(box.derive('csrf')).not.toBe(box.derive('other'));
    expect(box.derive('csrf')).not.toBe(new SecretBox('x'.repeat(32)).derive('csrf'));
  });
});

describe('passwords and TOTP', () => {
  it.each([
    ['password', true],
    ['short1!', true],
    ['alllowercaseletters', false],
    ['abcdefgh1', true],
    ['Abcdef-12', false],
    ['john-Secret-1', true],
  ])('isWeakPassword(%s) = %s', (pw, weak) => expect(isWeakPassword(pw, 'john@x.test')).toBe(weak));

  it('passes the RFC 6238 SHA-1 test vectors (6 digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(currentTotp(secret, 59_000)).toBe('287082');
    expect(currentTotp(secret, 1_111_111_109_000)).toBe('081804');
    expect(currentTotp(secret, 1_234_567_890_000)).toBe('005924');
    expect(verifyTotp(secret, '005924', 1_234_567_890_000)).toBe(true);
    expect(verifyTotp(secret, '005925', 1_234_567_890_000)).toBe(false);
    expect(verifyTotp(secret, 'abc', 1_234_567_890_000)).toBe(false);
  });
});

describe('config', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, baseDomain: 'localhost', defaultWorkspace: 'demo', apiTokenDays: 90, loginMaxFailures: 5, trustProxy: false });
  });
  it('refuses bad values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
  });
  it('reads the pooler settings: session mode by default, transaction mode and a direct URL only with DATABASE_URL', () => {
    const url = 'postgres://crm@pgbouncer:6432/crm';
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({ databasePoolMode: 'session', databaseDirectUrl: undefined });
    const direct = 'postgres://crm@db:5432/crm';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: direct })).toMatchObject({ databasePoolMode: 'transaction', databaseDirectUrl: direct });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_MODE: 'statement' })).toThrow(/DATABASE_POOL_MODE/);
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_DIRECT_URL: 'mysql://db/crm' })).toThrow(/DATABASE_DIRECT_URL/);
    expect(() => loadConfig({ DATABASE_POOL_MODE: 'transaction' })).toThrow(/need DATABASE_URL/);
  });
});
