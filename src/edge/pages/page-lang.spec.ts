import { acceptedLang, langOf, pageStamp } from './page-lang';

describe('page language', () => {
  it('takes the first of en/tr the browser asks for, by q; null when it names neither', () => {
    expect(acceptedLang('tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('tr');
    expect(acceptedLang('de-DE,de;q=0.9,en;q=0.5,tr;q=0.4')).toBe('en');
    expect(acceptedLang('en;q=0.2, tr;q=0.8')).toBe('tr');
    expect(acceptedLang('tr;q=0, en;q=0.1')).toBe('en');
    expect(acceptedLang('de, fr')).toBeNull();
    expect(acceptedLang('')).toBeNull();
    expect(acceptedLang(undefined)).toBeNull();
    expect(acceptedLang('trx, tr-CY')).toBe('tr');
  });

  it('reads locale tags as the web app does', () => {
    expect(langOf('tr-TR')).toBe('tr');
    expect(langOf('en')).toBe('en');
    expect(langOf(null)).toBe('en');
  });

  it('writes a timestamp in the workspace clock, per language', () => {
    const d = new Date('2026-03-05T09:07:00Z');
    expect(pageStamp('en', 'Europe/Istanbul', d)).toBe('2026-03-05 12:07');
    expect(pageStamp('tr', 'Europe/Istanbul', d)).toBe('05.03.2026 12:07');
    expect(pageStamp('tr', 'UTC', null)).toBe('—');
  });
});
