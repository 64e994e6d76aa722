import { searchPattern } from '../../src/domain/crm/shared/search';

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
