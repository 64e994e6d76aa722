import { fill, langOf, translate } from './i18n';

describe('texts', () => {
  it('picks Turkish for any tr locale tag and English otherwise', () => {
    expect(langOf('tr')).toBe('tr');
    expect(langOf('tr-TR')).toBe('tr');
    expect(langOf('TR')).toBe('tr');
    expect(langOf('en-GB')).toBe('en');
    expect(langOf('de')).toBe('en');
    expect(langOf(undefined)).toBe('en');
  });

  it('translates shell words and fills placeholders', () => {
    expect(translate('en', 'nav.settings')).toBe('Settings');
    expect(translate('tr', 'nav.settings')).toBe('Ayarlar');
    expect(translate('en', 'app.notFound', { unused: 1 })).toBe('Not found');
  });

  it('fills placeholders, repeated ones too, and leaves unknown ones visible', () => {
    expect(fill('{n} open of {total}', { n: 3, total: 12 })).toBe('3 open of 12');
    expect(fill('{n} + {n}', { n: 2 })).toBe('2 + 2');
    expect(fill('{n} open of {total}', { n: 3 })).toBe('3 open of {total}');
    expect(fill('no placeholders')).toBe('no placeholders');
  });
});
