import { DomainError } from '../../../src/platform/common/errors';
import { parsePatchPath } from '../../../src/interfaces/scim/filter';

/** PATCH paths read by scim2-parse-filter: what the hand-written parser accepted and refused stays so. */
const ENT = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';

function scimType(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.extra.scimType : e;
  }
  return 'no error';
}

describe('SCIM PATCH paths', () => {
  it.each([
    ['userName', { uri: null, name: 'userName', sub: null }],
    [' name.givenName ', { uri: null, name: 'name', sub: 'givenName' }],
    ['manager.$ref', { uri: null, name: 'manager', sub: '$ref' }],
    [`${CORE}:name.givenName`, { uri: CORE.toLowerCase(), name: 'name', sub: 'givenName' }],
    [`${ENT}:Department`, { uri: ENT.toLowerCase(), name: 'Department', sub: null }],
  ])('%s', (path, expected) => expect(parsePatchPath(path)).toEqual(expected));

  it('reads value filters, with a sub-attribute after them (also after a space)', () => {
    const work = { kind: 'cmp', path: { uri: null, name: 'type', sub: null }, op: 'eq', value: 'work' };
    expect(parsePatchPath('emails[type eq "work"]')).toEqual({ uri: null, name: 'emails', sub: null, where: work });
    expect(parsePatchPath('emails[TYPE EQ "work"] .value')).toEqual({ uri: null, name: 'emails', sub: 'value', where: { ...work, path: { ...work.path, name: 'TYPE' } } });
    expect(parsePatchPath(`${CORE}:emails[type eq "work" and primary eq true].value`)).toMatchObject({ uri: CORE.toLowerCase(), name: 'emails', sub: 'value', where: { kind: 'and' } });
    expect(parsePatchPath('emails[type eq "a]"].value')).toMatchObject({ name: 'emails', sub: 'value', where: { kind: 'cmp', value: 'a]' } });
  });

  it.each([
    'true',
    'null',
    '5',
    'userName eq "x"',
    'title pr',
    'emails[type eq "work"] and emails.value',
    'emails[type eq "work"].value eq "x"',
    'emails[type eq "work"][type eq "a"]',
    'emails[type eq "a"]].value',
    'emails[type eq "work"].a.b',
    'emails[type eq "work"].',
    'emails[]',
    'name.x[type eq "a"]',
    'emails[' + '('.repeat(25) + 'type eq "a"' + ')'.repeat(25) + ']',
    `${CORE}:urn:x:y`,
  ])('%s is invalidPath', (path) => expect(scimType(() => parsePatchPath(path))).toBe('invalidPath'));

  it('refuses a path over 2,000 characters', () => expect(scimType(() => parsePatchPath('x'.repeat(2001)))).toBe('invalidPath'));
});
