import { DomainError } from '../../../src/platform/common/errors';
import { SmtpMailTransport } from '../../../src/platform/outbox/mail';
import { User } from '../../../src/domain/identity/user.entity';
import { matches, parseFilter, parsePatchPath, toLookup } from '../../../src/interfaces/scim/filter';
import { applyPatch } from '../../../src/interfaces/scim/patch';
import { scimPage } from '../../../src/interfaces/scim/scim.http';
import { activeOf, fromScimUser, project, toScimUser } from '../../../src/interfaces/scim/user.mapper';

const ENT = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const CORE = 'urn:ietf:params:scim:schemas:core:2.0:User';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}
const scimType = (fn: () => unknown) => refusal(fn).extra.scimType;

describe('SCIM filter parser', () => {
  it.each([
    ['userName eq "bjensen"', { field: 'userName', value: 'bjensen' }],
    ['USERNAME EQ "BJensen"', { field: 'userName', value: 'BJensen' }],
    ['username Eq "a\\"b"', { field: 'userName', value: 'a"b' }],
    [`${CORE}:userName eq "x@y.z"`, { field: 'userName', value: 'x@y.z' }],
    ['id eq "17"', { field: 'id', value: '17' }],
    ['id eq 17', { field: 'id', value: '17' }],
    ['externalId eq "00u1"', { field: 'externalId', value: '00u1' }],
    ['emails[type eq "work"].value eq "a@b.c"', { field: 'email', value: 'a@b.c' }],
    ['emails.value eq "a@b.c"', { field: 'email', value: 'a@b.c' }],
    ['emails eq "a@b.c"', { field: 'email', value: 'a@b.c' }],
    ['emails[value eq "a@b.c"]', { field: 'email', value: 'a@b.c' }],
    ['emails[type eq "work" and value eq "a@b.c"]', { field: 'email', value: 'a@b.c' }],
    ['  userName   eq   "spaced"  ', { field: 'userName', value: 'spaced' }],
  ])('%s is the look-up %j', (filter, lookup) => {
    expect(toLookup(parseFilter(filter))).toEqual(lookup);
  });

  it.each([
    'userName eq',
    'userName "x"',
    'userName eq "x" extra',
    'userName eq "unterminated',
    '"x" eq userName',
    'userName eq "a" or userName eq "b"',
    'userName co "a"',
    'not (userName eq "a")',
    'displayName eq "x"',
    `${ENT}:department eq "Sales"`,
    'urn:other:thing:userName eq "x"',
    'emails[type eq "work"',
    'emails[type eq "work"].value pr',
    'userName eq 5',
    'name.givenName.x eq "a"',
    '__proto__ eq "x"',
    'constructor eq "x"',
    'userName eq "x" ;',
    '',
    '('.repeat(100) + 'userName eq "x"' + ')'.repeat(100),
    'userName eq 1e999',
  ])('%s is 400 invalidFilter', (filter) => {
    expect(scimType(() => toLookup(parseFilter(filter)))).toBe('invalidFilter');
  });

  it('parses the whole grammar with precedence: not > and > or', () => {
    const f = parseFilter('title pr and (userType eq "Employee" or userType eq "Intern") or not (emails co "example.org")');
    expect(f.kind).toBe('or');
    const user = { title: 'Boss', userType: 'intern', emails: [{ value: 'a@example.com' }] };
    expect(matches(f, user)).toBe(true);
    expect(matches(parseFilter('meta.lastModified gt "2011-05-13T04:42:34Z"'), { meta: { lastModified: '2012-01-01T00:00:00Z' } })).toBe(true);
    expect(matches(parseFilter('emails[type eq "work" and value co "@example.com"]'), { emails: [{ type: 'Work', value: 'x@EXAMPLE.com' }] })).toBe(true);
    expect(matches(parseFilter('active eq true'), { active: false })).toBe(false);
    expect(matches(parseFilter('age ge 18'), { age: 18 })).toBe(true);
    expect(matches(parseFilter('nick eq null'), {})).toBe(true);
  });

  it('parses PATCH paths, with and without schema URNs', () => {
    expect(parsePatchPath('name.familyName')).toEqual({ uri: null, name: 'name', sub: 'familyName' });
    expect(parsePatchPath(`${ENT}:department`)).toEqual({ uri: ENT.toLowerCase(), name: 'department', sub: null });
    expect(parsePatchPath(`${ENT.toUpperCase()}:manager.value`)).toEqual({ uri: ENT.toLowerCase(), name: 'manager', sub: 'value' });
    expect(parsePatchPath(ENT)).toEqual({ uri: ENT.toLowerCase(), name: '', sub: null });
    const p = parsePatchPath('emails[type eq "work"].value');
    expect(p).toMatchObject({ uri: null, name: 'emails', sub: 'value', where: { kind: 'cmp', op: 'eq', value: 'work' } });
    for (const bad of ['', 'urn:x:y:z', 'a.b.c', 'emails[type eq]', '__proto__', 'name.constructor', 'emails[type eq "work"]x']) expect(scimType(() => parsePatchPath(bad))).toBe('invalidPath');
  });
});

function user(over: Partial<User> = {}): User {
  return Object.assign(new User(), {
    id: 7,
    workspaceId: 1,
    username: 'ayse@acme.test',
    idpUserName: 'Ayse@Acme.test',
    email: 'ayse@acme.test',
    fullName: 'Ayşe Yılmaz',
    givenName: 'Ayşe',
    familyName: 'Yılmaz',
    role: 'sales',
    department: 'North',
    phone: '',
    modules: [],
    active: true,
    externalId: 'ext-7',
    createdAt: new Date('2026-03-02T09:00:00Z'),
    updatedAt: new Date('2026-03-03T09:00:00Z'),
    ...over,
  });
}
const BASE = 'https://acme.example.com';
const patched = (body: unknown, u = user()) => fromScimUser(applyPatch(toScimUser(u, BASE), body), u.active);
const ops = (...o: object[]) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: o });

describe('SCIM user mapping', () => {
  it('writes the spec 2.14 resource', () => {
    expect(toScimUser(user(), BASE)).toEqual({
      schemas: [CORE, ENT],
      id: '7',
      externalId: 'ext-7',
      userName: 'Ayse@Acme.test',
      name: { formatted: 'Ayşe Yılmaz', givenName: 'Ayşe', familyName: 'Yılmaz' },
      displayName: 'Ayşe Yılmaz',
      active: true,
      emails: [{ value: 'ayse@acme.test', type: 'work', primary: true }],
      [ENT]: { department: 'North' },
      meta: { resourceType: 'User', created: '2026-03-02T09:00:00.000Z', lastModified: '2026-03-03T09:00:00.000Z', location: `${BASE}/api/scim/v2/Users/7` },
    });
    // a CRM user with only a full name: its parts are derived
    expect(toScimUser(user({ givenName: '', familyName: '', fullName: 'Mehmet Ali Kaya', externalId: null }), BASE)).toMatchObject({ name: { givenName: 'Mehmet Ali', familyName: 'Kaya' } });
  });

  it('reads Okta and Entra bodies; unknown attributes are ignored, names case-insensitive', () => {
    const input = fromScimUser(
      {
        SCHEMAS: [CORE],
        USERNAME: 'Elif@Contoso.example',
        Name: { GivenName: 'Elif', familyname: 'Demir' },
        emails: [{ value: 'home@x.example', type: 'home' }, { value: 'ELIF@work.example', type: 'work' }],
        phoneNumbers: [{ value: '+90 1', type: 'mobile' }, { value: '+90 2', type: 'work', primary: 'True' }],
        [ENT.toLowerCase()]: { Department: ' Sales ' },
        roles: [{ value: 'Admin' }],
        password: 'secret',
        active: 'False',
      },
      true,
    );
    expect(input).toEqual({
      userName: 'Elif@Contoso.example',
      email: 'elif@work.example',
      givenName: 'Elif',
      familyName: 'Demir',
      displayName: '',
      department: 'Sales',
      phone: '+90 2',
      externalId: null,
      active: false,
    });
    expect(fromScimUser({ userName: 'a@b.cd' }, false)).toMatchObject({ email: 'a@b.cd', active: false });
    expect(activeOf('TRUE')).toBe(true);
    for (const bad of ['yes', 1, null, {}]) expect(scimType(() => activeOf(bad))).toBe('invalidValue');
    expect(scimType(() => fromScimUser({ userName: 'x', name: 'Ayse' }, true))).toBe('invalidValue');
    expect(scimType(() => fromScimUser({ userName: 'x', emails: [1] }, true))).toBe('invalidValue');
    expect(scimType(() => fromScimUser('x', true))).toBe('invalidSyntax');
  });

  it('projects attributes and excludedAttributes; id and schemas always stay', () => {
    const r = toScimUser(user(), BASE);
    expect(project(r, 'userName')).toEqual({ schemas: r.schemas, id: '7', userName: 'Ayse@Acme.test' });
    expect(project(r, `emails.value,${ENT}:department`)).toEqual({ schemas: r.schemas, id: '7', emails: [{ value: 'ayse@acme.test' }], [ENT]: { department: 'North' } });
    expect(project(r, undefined, 'id,name.givenName,meta')).toMatchObject({ id: '7', name: { formatted: 'Ayşe Yılmaz', familyName: 'Yılmaz' } });
    expect(project(r, undefined, 'meta').meta).toBeUndefined();
  });

  it('reads list query parameters per RFC 7644 §3.4.2.4', () => {
    expect(scimPage({})).toEqual({ startIndex: 1, count: 100, filter: undefined, attributes: undefined, excludedAttributes: undefined });
    expect(scimPage({ StartIndex: '0', COUNT: '1000', filter: ' ' })).toMatchObject({ startIndex: 1, count: 200, filter: undefined });
    expect(scimPage({ count: '-3' }).count).toBe(0);
    expect(scimType(() => scimPage({ count: '1.5' }))).toBe('invalidValue');
    expect(scimType(() => scimPage({ count: ['1', '2'] }))).toBe('invalidValue');
  });
});

describe('SCIM PATCH', () => {
  it('applies Entra operations: capitalized op, value filters with sub-attributes, enterprise URN paths', () => {
    const r = patched(
      ops(
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'New@Acme.test' },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+90 3' },
        { op: 'Replace', path: `${ENT}:department`, value: 'South' },
        { op: 'Replace', path: 'name.familyName', value: 'Kaya' },
        { op: 'Replace', path: 'active', value: 'False' },
      ),
    );
    expect(r).toMatchObject({ email: 'new@acme.test', phone: '+90 3', department: 'South', familyName: 'Kaya', givenName: 'Ayşe', active: false });
  });

  it('applies Okta operations: path-less value objects with dotted keys and the enterprise URN', () => {
    expect(patched(ops({ op: 'replace', value: { active: false } }))).toMatchObject({ active: false, userName: 'Ayse@Acme.test' });
    expect(patched(ops({ op: 'replace', value: { 'name.givenName': 'Ayla', [ENT]: { department: 'East' }, [`${ENT}:department`]: 'West', displayName: 'Ayla Y.' } }))).toMatchObject({
      givenName: 'Ayla',
      familyName: 'Yılmaz',
      department: 'West',
      displayName: 'Ayla Y.',
    });
    expect(patched(ops({ op: 'add', value: { name: { familyName: 'Demir' } } }))).toMatchObject({ givenName: 'Ayşe', familyName: 'Demir' });
    expect(patched(ops({ op: 'replace', value: { [CORE]: { userName: 'other@acme.test' } } }))).toMatchObject({ userName: 'other@acme.test' });
  });

  it('removes attributes and values; removing what is not there changes nothing', () => {
    const u = user({ phone: '+90 1' });
    expect(patched(ops({ op: 'remove', path: 'phoneNumbers[type eq "work"]' }), u).phone).toBe('');
    expect(patched(ops({ op: 'remove', path: 'phoneNumbers' }), u).phone).toBe('');
    expect(patched(ops({ op: 'remove', path: `${ENT}:department` })).department).toBe('');
    expect(patched(ops({ op: 'remove', path: 'name.givenName' })).givenName).toBe('');
    expect(patched(ops({ op: 'remove', path: 'phoneNumbers[type eq "home"]' }))).toMatchObject({ phone: '' });
    expect(patched(ops({ op: 'remove', path: 'title' }))).toMatchObject({ userName: 'Ayse@Acme.test' });
  });

  it('refuses bad operations with the RFC scimType', () => {
    expect(scimType(() => patched({ Operations: [] }))).toBe('invalidSyntax');
    expect(scimType(() => patched('x'))).toBe('invalidSyntax');
    expect(scimType(() => patched(ops('replace' as unknown as object)))).toBe('invalidSyntax');
    expect(scimType(() => patched(ops({ op: 'copy', path: 'x', value: 1 })))).toBe('invalidSyntax');
    expect(scimType(() => patched(ops({ op: 'replace', path: 'displayName' })))).toBe('invalidSyntax');
    expect(scimType(() => patched(ops({ op: 'replace', value: 'x' })))).toBe('invalidSyntax');
    expect(scimType(() => patched(ops({ op: 'remove' })))).toBe('noTarget');
    expect(scimType(() => patched(ops({ op: 'replace', path: 'emails[value sw "zzz"]', value: { value: 'a@b.cd' } })))).toBe('noTarget');
    expect(scimType(() => patched(ops({ op: 'replace', path: 'id', value: '8' })))).toBe('mutability');
    expect(scimType(() => patched(ops({ op: 'replace', value: { meta: {} } })))).toBe('mutability');
    expect(scimType(() => patched(ops({ op: 'replace', path: 5, value: 'x' })))).toBe('invalidPath');
    expect(scimType(() => patched(ops({ op: 'replace', path: 'emails[type eq "work"', value: 'x' })))).toBe('invalidPath');
    expect(scimType(() => patched(ops({ op: 'replace', path: 'userName', value: 7 })))).toBe('invalidValue');
    expect(scimType(() => patched(ops({ op: 'replace', path: 'active', value: 'perhaps' })))).toBe('invalidValue');
  });

  it('never pollutes prototypes', () => {
    const hostile = JSON.parse('{"op":"add","value":{"__proto__":{"polluted":true}}}') as object;
    expect(scimType(() => patched(ops(hostile)))).toBe('invalidPath');
    const nested = JSON.parse('{"op":"add","path":"name","value":{"__proto__":{"polluted":true}}}') as object;
    expect(scimType(() => patched(ops(nested)))).toBe('invalidPath');
    expect(scimType(() => patched(ops({ op: 'add', path: 'constructor.prototype', value: { polluted: true } })))).toBe('invalidPath');
    expect(scimType(() => patched(ops({ op: 'add', path: 'emails[type eq "work"].__proto__', value: { polluted: true } })))).toBe('invalidPath');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('mail transports', () => {
  it('the SMTP transport fails each send (message stays pending) while nodemailer is not installed, and tries again next time', async () => {
    const smtp = new SmtpMailTransport('smtp://localhost:2525');
    const mail = { from: 'a@b.cd', to: 'c@d.ef', subject: 's', text: 't' };
    let installed = true;
    try {
      require.resolve('nodemailer');
    } catch {
      installed = false;
    }
    if (installed) return; // with the package, sending is the SMTP server's business
    await expect(smtp.send(mail)).rejects.toThrow();
    await expect(smtp.send(mail)).rejects.toThrow();
  });
});
