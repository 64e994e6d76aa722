import { applyMapping, checkMapping, idempotencyKeyAt, parsePath, signatureProblem, valueAt } from '../../../src/domain/crm/hooks/hooks.rules';
import { standardSignature } from '../../../src/domain/integrations/signing';

describe('inbound hook paths', () => {
  it.each([
    ['email', ['email']],
    ['data.email', ['data', 'email']],
    ['answers[0].text', ['answers', 0, 'text']],
    ['[2].name', [2, 'name']],
    ['rows[1][0]', ['rows', 1, 0]],
    ['form_response.answers[12].email', ['form_response', 'answers', 12, 'email']],
    ['a-b.c d', ['a-b', 'c d']],
  ])('parses %s', (path, segments) => expect(parsePath(path)).toEqual(segments));

  it.each(['', '.a', 'a.', 'a..b', 'a[x]', 'a[]', 'a[0', 'a]', 'a[0]b', 'x'.repeat(201)])('refuses %j', (path) => expect(parsePath(path)).toBeNull());

  it('reads values, and undefined for what is missing (never the prototype)', () => {
    const p = { data: { email: 'a@b.test', list: [{ v: 1 }, { v: null }] }, arr: [] };
    expect(valueAt(p, ['data', 'email'])).toBe('a@b.test');
    expect(valueAt(p, ['data', 'list', 1, 'v'])).toBeNull();
    expect(valueAt(p, ['data', 'list', 5, 'v'])).toBeUndefined();
    expect(valueAt(p, ['data', 'list', 'v'])).toBeUndefined();
    expect(valueAt(p, ['data', 0])).toBeUndefined();
    expect(valueAt(p, ['data', 'toString'])).toBeUndefined();
    expect(valueAt([{ a: 1 }], [0, 'a'])).toBe(1);
  });
});

describe('inbound hook mappings', () => {
  it('checks rows against the target and its required field', () => {
    expect(checkMapping('task', [{ field: 'title', path: 'subject' }, { field: 'status', value: null }]).problems).toEqual([]);
    expect(checkMapping('task', [{ field: 'name', path: 'x' }]).problems[0]!.field).toBe('mapping[0].field');
    expect(checkMapping('person', [{ field: 'email', path: 'x' }]).problems).toEqual([{ field: 'mapping', message: 'a person needs "name" mapped' }]);
    expect(checkMapping('company', 'name').problems[0]!.field).toBe('mapping');
    expect(checkMapping('company', [{ field: 'name', path: 'n', extra: 1 }]).problems[0]!.field).toBe('mapping[0].extra');
    expect(checkMapping('company', [{ field: 'name', value: 'x'.repeat(1001) }]).problems[0]!.field).toBe('mapping[0].value');
  });

  it('maps JSON values as they are; a missing path leaves the field out', () => {
    const rows = [{ field: 'company', path: 'c.name' }, { field: 'potential_kg', path: 'kg' }, { field: 'email', path: 'missing' }, { field: 'note', value: 'constant' }];
    expect(applyMapping(rows, { c: { name: 'Co' }, kg: 12.5 })).toEqual({ body: { company: 'Co', potential_kg: 12.5, note: 'constant' }, sources: { company: 'c.name', potential_kg: 'kg', email: 'missing' } });
  });

  it('takes a text or number idempotency key; another type is refused', () => {
    expect(idempotencyKeyAt({ id: 'evt_1' }, 'id')).toBe('evt_1');
    expect(idempotencyKeyAt({ id: 7 }, 'id')).toBe('7');
    expect(idempotencyKeyAt({}, 'id')).toBeUndefined();
    expect(idempotencyKeyAt({ id: '' }, 'id')).toBeUndefined();
    expect(idempotencyKeyAt({ id: { x: 1 } }, 'id')).toBeNull();
    expect(idempotencyKeyAt({ id: 'x'.repeat(256) }, 'id')).toBeNull();
  });
});

describe('Standard Webhooks verification', () => {
  const key = 'whsec_' + Buffer.alloc(32, 3).toString('base64');
  const body = Buffer.from('{"a":1}');
  const now = 1_800_000_000;
  const sig = standardSignature(key, 'msg_1', now, body);

  it('accepts a matching signature within 5 minutes, among others', () => {
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now), signature: sig }, body, now + 299)).toBeNull();
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now), signature: `v1,bogus ${sig}` }, body, now)).toBeNull();
  });

  it('refuses missing headers, stale or future timestamps, another id, body or key', () => {
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now) }, body, now)).toMatch(/required/);
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now), signature: sig }, body, now + 301)).toMatch(/5 minutes/);
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now), signature: sig }, body, now - 301)).toMatch(/5 minutes/);
    expect(signatureProblem(key, { id: 'msg_1', timestamp: 'soon', signature: sig }, body, now)).toMatch(/seconds/);
    expect(signatureProblem(key, { id: 'msg_2', timestamp: String(now), signature: sig }, body, now)).toMatch(/match/);
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now), signature: sig }, Buffer.from('{"a":2}'), now)).toMatch(/match/);
    expect(signatureProblem('whsec_' + Buffer.alloc(32, 4).toString('base64'), { id: 'msg_1', timestamp: String(now), signature: sig }, body, now)).toMatch(/match/);
    expect(signatureProblem(key, { id: 'msg_1', timestamp: String(now), signature: sig.replace('v1,', 'v2,') }, body, now)).toMatch(/match/);
  });
});
