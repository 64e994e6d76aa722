import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOLD_REST_FROM, FOLD_REST_TO, FOLD_TURKISH_FROM, FOLD_TURKISH_TO, foldedPattern, foldText, searchPattern } from '../../../src/domain/crm/shared/search';

describe('searchPattern (the q filter)', () => {
  it('is a substring match from 3 characters, escaping LIKE wildcards', () => {
    expect(searchPattern('acme')).toBe('%acme%');
    expect(searchPattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
    expect(searchPattern('çağ')).toBe('%çağ%');
  });

  it('is a prefix match below 3 characters (a trigram index cannot answer %ab%)', () => {
    expect(searchPattern('ac')).toBe('ac%');
    expect(searchPattern('a')).toBe('a%');
    expect(searchPattern('%')).toBe('\\%%');
    expect(searchPattern('😀x')).toBe('😀x%');
  });
});

describe('foldText (letters folded as crm_fold folds them)', () => {
  it('folds Turkish and accented Latin letters and A-Z to plain lower case, every i to i', () => {
    expect(foldText('Şahin Öztürk Çağ Müller')).toBe('sahin ozturk cag muller');
    expect(['İzmir', 'IZMIR', 'ızmır', 'izmir', 'İZMİR'].map(foldText)).toEqual(Array(5).fill('izmir'));
    expect(foldText('Ñandú Łódź Ærø')).toBe('nandu lodz Æro');
    expect(foldText('50% PO-12')).toBe('50% po-12');
  });

  it('folds a letter typed with a combining accent (NFC first)', () => {
    expect(foldText('S\u0327ahin')).toBe('sahin');
  });

  it('folds and then makes the pattern of the q filter', () => {
    expect(foldedPattern('  ŞAHİN ')).toBe('%sahin%');
    expect(foldedPattern('Ça')).toBe('ca%');
  });

  it('is the very table of the migration that made crm_fold', () => {
    const migration = readFileSync(join(__dirname, '../../../src/platform/database/migrations/1795487000000-FoldedSearch.ts'), 'utf8');
    expect(migration).toContain(`const TURKISH_FROM = '${FOLD_TURKISH_FROM}';`);
    expect(migration).toContain(`const TURKISH_TO = '${FOLD_TURKISH_TO}';`);
    expect(migration).toContain(`const REST_FROM = '${FOLD_REST_FROM}';`);
    expect(migration).toContain(`const REST_TO = '${FOLD_REST_TO}';`);
    expect([...FOLD_TURKISH_FROM]).toHaveLength([...FOLD_TURKISH_TO].length);
    expect([...FOLD_REST_FROM]).toHaveLength([...FOLD_REST_TO].length);
  });
});
