import { telHref, webHref } from './links';
import { productNames } from './names';

describe('telHref', () => {
  it('keeps the digits and a leading +', () => {
    expect(telHref('+90 (212) 555 01 02')).toBe('tel:+902125550102');
    expect(telHref('0212 555 0102')).toBe('tel:02125550102');
  });
  it('is null without a number', () => {
    expect(telHref('')).toBeNull();
    expect(telHref(null)).toBeNull();
    expect(telHref('n/a')).toBeNull();
  });
});

describe('webHref', () => {
  it('adds https to an address without a scheme', () => {
    expect(webHref('www.marmara-plastik.com.tr')).toBe('https://www.marmara-plastik.com.tr/');
    expect(webHref('example.com/tr')).toBe('https://example.com/tr');
    expect(webHref('example.com:8080/x')).toBe('https://example.com:8080/x');
  });
  it('keeps http and https', () => {
    expect(webHref('http://example.com')).toBe('http://example.com/');
    expect(webHref('HTTPS://Example.com/a')).toBe('https://example.com/a');
  });
  it('is null for what is not a web address', () => {
    expect(webHref('javascript:alert(1)')).toBeNull();
    expect(webHref('mailto:a@b.com')).toBeNull();
    expect(webHref('not a site')).toBeNull();
    expect(webHref('localhost')).toBeNull();
    expect(webHref('')).toBeNull();
  });
});

describe('productNames', () => {
  const catalogue = [
    { code: 'PE-LD-200', name: 'LDPE film granulate' },
    { code: '', name: 'Stretch film' },
  ];
  it('names the catalogue codes and keeps free text', () => {
    expect(productNames('PE-LD-200, Stretch film, Other thing', catalogue)).toBe('LDPE film granulate, Stretch film, Other thing');
    expect(productNames('', catalogue)).toBe('');
  });
});
