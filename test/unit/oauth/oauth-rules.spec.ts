import { isBlockedAddress } from '../../../src/platform/net/net-guard';
import { isVerifier, parseScope, redirectMatches, redirectUriProblem, s256 } from '../../../src/domain/identity/oauth/oauth.rules';

describe('OAuth rules', () => {
  it.each([
    ['https://app.example/cb', null],
    ['http://localhost/cb', null],
    ['http://127.0.0.1:8080/cb', null],
    ['http://[::1]/cb', null],
    ['http://app.example/cb', 'must be https://'],
    ['https://app.example/cb#x', 'fragment'],
    ['https://user:pw@app.example/cb', 'credentials'],
    ['javascript:alert(1)', 'must be https://'],
    ['/relative', 'absolute'],
  ])('redirect URI %s', (uri, problem) => {
    const p = redirectUriProblem(uri);
    if (problem === null) expect(p).toBeNull();
    else expect(p).toContain(problem);
  });

  it.each([
    ['http://127.0.0.1/cb', 'http://127.0.0.1:5000/cb', true],
    ['http://localhost:3000/cb', 'http://localhost:9999/cb', true],
    ['http://[::1]/cb', 'http://[::1]:1234/cb', true],
    ['http://127.0.0.1/cb', 'http://localhost:5000/cb', false],
    ['http://127.0.0.1/cb', 'http://127.0.0.1:5000/other', false],
    ['http://127.0.0.1/cb?a=1', 'http://127.0.0.1:5000/cb?a=2', false],
    ['https://app.example/cb', 'https://app.example:8443/cb', false],
    ['https://app.example/cb', 'https://app.example/cb', true],
    ['https://app.example/cb', 'https://app.example/cb/', false],
  ])('%s matches %s: %s', (registered, given, ok) => {
    expect(redirectMatches(registered, given)).toBe(ok);
  });

  it('scopes: default read, write includes read, unknown refused', () => {
    expect(parseScope(undefined)).toEqual(['crm.read']);
    expect(parseScope('crm.write')).toEqual(['crm.read', 'crm.write']);
    expect(parseScope('crm.read  crm.read')).toEqual(['crm.read']);
    expect(parseScope('crm.read openid')).toBeNull();
  });

  it('PKCE S256 (RFC 7636 appendix B) and verifier length 43-128', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(isVerifier('a'.repeat(42))).toBe(false);
    expect(isVerifier('a'.repeat(43))).toBe(true);
    expect(isVerifier('a'.repeat(128))).toBe(true);
    expect(isVerifier('a'.repeat(129))).toBe(false);
    expect(isVerifier(`${'a'.repeat(42)}+`)).toBe(false);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['::1', true],
    ['fd00::1', true],
    ['::ffff:10.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1', false],
  ])('private address %s: %s (the outbound guard that metadata document fetches go through)', (ip, priv) => {
    expect(isBlockedAddress(ip)).toBe(priv);
  });
});
