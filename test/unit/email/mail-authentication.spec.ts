import { aligned, fromDomainAuthenticated, headerValues, parseAuthenticationResults } from '../../../src/domain/crm/email/mail-authentication';

describe('Authentication-Results (e-mail filing creates a person only for an authenticated From)', () => {
  it('headerValues unfolds and keeps message order, topmost first', () => {
    const raw = 'References: <a@x>\r\n <b@x>\r\nAuthentication-Results: mx.ege.test;\r\n\tdmarc=pass header.from=a.test\r\nauthentication-results: evil; dmarc=pass\r\n';
    expect(headerValues(raw, 'Authentication-Results')).toEqual(['mx.ege.test; dmarc=pass header.from=a.test', 'evil; dmarc=pass']);
    expect(headerValues(raw, 'references')).toEqual(['<a@x> <b@x>']);
    expect(headerValues('', 'references')).toEqual([]);
  });

  it('parses the authserv-id, methods and properties, dropping comments and quotes', () => {
    const r = parseAuthenticationResults('mx.google.com; dkim=pass header.i=@a.test header.s=s1 header.b="Ab;cd"; spf=pass (google.com: domain of x@a.test designates 1.2.3.4 as permitted sender) smtp.mailfrom=x@a.test; dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=a.test');
    expect(r.authservId).toBe('mx.google.com');
    expect(r.results).toEqual([
      { method: 'dkim', result: 'pass', props: { 'header.i': '@a.test', 'header.s': 's1', 'header.b': 'ab;cd' } },
      { method: 'spf', result: 'pass', props: { 'smtp.mailfrom': 'x@a.test' } },
      { method: 'dmarc', result: 'pass', props: { 'header.from': 'a.test' } },
    ]);
    expect(parseAuthenticationResults('mx.example 1; none').results).toEqual([]);
  });

  it('aligns the same domain and subdomains, never across a bare top-level domain', () => {
    expect(aligned('a.test', 'A.TEST')).toBe(true);
    expect(aligned('mail.a.test', 'a.test')).toBe(true);
    expect(aligned('a.test', 'mail.a.test')).toBe(true);
    expect(aligned('test', 'a.test')).toBe(false);
    expect(aligned('evila.test', 'a.test')).toBe(false);
    expect(aligned('', 'a.test')).toBe(false);
  });

  it.each([
    ['dmarc pass for the From domain', ['mx; dmarc=pass header.from=a.test'], true],
    ['aligned dkim pass', ['mx; dkim=pass header.d=a.test; dmarc=fail header.from=a.test'], true],
    ['dkim pass by header.i only', ['mx; dkim=pass header.i=@mail.a.test'], true],
    ['aligned spf pass', ['mx; spf=pass smtp.mailfrom=bounce@a.test'], true],
    ['dmarc pass for another domain', ['mx; dmarc=pass header.from=evil.test'], false],
    ['dkim pass for another domain', ['mx; dkim=pass header.d=evil.test'], false],
    ['spf pass for another domain', ['mx; spf=pass smtp.mailfrom=x@evil.test'], false],
    ['fail results', ['mx; dkim=fail header.d=a.test; spf=softfail smtp.mailfrom=x@a.test; dmarc=fail header.from=a.test'], false],
    ['a pass only in a lower (sender-written) header', ['mx; dmarc=fail header.from=a.test', 'mx; dmarc=pass header.from=a.test'], false],
    ['no header at all', [], false],
  ])('%s', (_what, headers, expected) => {
    expect(fromDomainAuthenticated(headers, 'boss@a.test')).toBe(expected);
  });
});
