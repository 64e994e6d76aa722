import { QueryFailedError } from 'typeorm';
import { databaseErrorCode, fromSqlState } from '../../../src/platform/common/database-errors';
import { DomainError, invalid, invalidFields } from '../../../src/platform/common/errors';
import { badText, checkBody, checkQuery } from '../../../src/edge/body-guard';
import { toDomainError } from '../../../src/edge/error-mapping';
import { loadConfig } from '../../../src/platform/config/app-config';
import { decimalPlaces } from '../../../src/platform/common/record-input';

const pgError = (code: string, message = 'duplicate key value violates unique constraint "uq_companies_name"') =>
  Object.assign(new Error(message), { code, severity: 'ERROR', table: 'companies', constraint: 'uq_companies_name' });

describe('PostgreSQL errors to domain errors (one place)', () => {
  it.each([
    ['23505', 409, 'conflict'],
    ['40001', 409, 'conflict'],
    ['40P01', 409, 'conflict'],
    ['22003', 400, 'invalid'],
    ['22P02', 400, 'invalid'],
    ['22001', 400, 'invalid'],
    ['22007', 400, 'invalid'],
    ['22008', 400, 'invalid'],
    ['22021', 400, 'invalid'],
    ['23514', 400, 'invalid'],
    ['54000', 400, 'invalid'],
    ['42P01', 500, 'internal'],
    ['XX000', 500, 'internal'],
  ])('%s -> %i %s, for TypeORM and pg errors alike, without internals', (code, status, error) => {
    for (const e of [new QueryFailedError('INSERT INTO "companies" ...', [], pgError(code)), pgError(code)]) {
      const d = toDomainError(e);
      expect([code, d.status, d.code]).toEqual([code, status, error]);
      expect(d.message).not.toMatch(/companies|uq_|constraint|INSERT|duplicate key/);
    }
  });

  it('reads the SQLSTATE only from database errors', () => {
    expect(databaseErrorCode(new QueryFailedError('SELECT 1', [], pgError('40001')))).toBe('40001');
    expect(databaseErrorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeNull();
    expect(databaseErrorCode(Object.assign(new Error('x'), { code: '23505' }))).toBeNull();
    expect(databaseErrorCode(null)).toBeNull();
    expect(fromSqlState('23505').code).toBe('conflict');
  });

  it('maps body-parser and zlib errors to 4xx', () => {
    expect(toDomainError(Object.assign(new Error('incorrect header check'), { status: 400, code: 'Z_DATA_ERROR' })).status).toBe(400);
    expect(toDomainError(Object.assign(new Error('x'), { status: 415, type: 'encoding.unsupported' })).status).toBe(415);
    expect(toDomainError(Object.assign(new Error('x'), { status: 413, type: 'entity.too.large' })).status).toBe(413);
    expect(toDomainError(new Error('secret internals')).message).toBe('internal error');
  });
});

describe('one shape for bad fields', () => {
  it('invalid(): field and fields', () => {
    const e = invalid('currency', 'must be one of EUR');
    expect(e.extra).toEqual({ field: 'currency', fields: ['currency'] });
    expect(e.message).toBe('currency: must be one of EUR');
  });

  it('names at most 10 fields and counts the rest', () => {
    const e = invalidFields(Array.from({ length: 49_990 + 10 }, (_, i) => ({ field: `k${i}`, message: 'should not exist' })));
    expect(e.extra.fields).toHaveLength(10);
    expect(e.extra.field).toBe('k0');
    expect(e.extra.fields_total).toBe(50_000);
    expect(e.message).toMatch(/; \.\.\. and 49,990 more$/);
    expect(e.message.length).toBeLessThan(500);
  });

  it('clips long field names and messages', () => {
    const e = invalidFields([{ field: 'x'.repeat(10_000), message: 'y'.repeat(10_000) }]);
    expect(e.message.length).toBeLessThan(500);
    expect((e.extra.field as string).length).toBeLessThanOrEqual(101);
  });
});

describe('body and query guard', () => {
  it('finds NUL and lone surrogates, but not surrogate pairs', () => {
    expect(badText('ok')).toBeNull();
    expect(badText('🚀 é')).toBeNull();
    expect(badText('a\u0000')).toMatch(/NUL/);
    expect(badText('\ud800')).toMatch(/surrogate/);
    expect(badText('x\udc00')).toMatch(/surrogate/);
    expect(badText('\udc00\ud800')).toMatch(/surrogate/);
  });

  it('names the field path at any depth, in values and keys', () => {
    const e = checkBody({ a: 1, items: [{ title: 'ok' }, { title: 'x\u0000' }] }) as DomainError;
    expect(e.extra).toEqual({ field: 'items.1.title', fields: ['items.1.title'] });
    expect((checkBody({ n: { 'k\ud800': 1 } }) as DomainError).extra.field).toBe('n.k\\ud800');
    expect(checkBody({ fine: ['a', { b: 'c' }] })).toBeNull();
  });

  it('caps keys per object, items per array and depth', () => {
    expect(checkBody(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])))?.message).toBe('body: has 1,001 keys; at most 1,000');
    expect(checkBody({ list: Array.from({ length: 10_001 }, () => 0) })?.message).toMatch(/^list: has 10,001 items/);
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { a: deep };
    expect(checkBody(deep)?.message).toMatch(/nested deeper than 32 levels/);
  });

  it('checks query names and values, repeated ones too', () => {
    expect(checkQuery({ q: 'fine', ids: ['1', '2'] })).toBeNull();
    expect((checkQuery({ q: ['ok', 'b\u0000'] }) as DomainError).extra.field).toBe('q');
    expect((checkQuery({ 'x\u0000': '1' }) as DomainError).message).toMatch(/parameter name/);
  });
});

describe('production defaults', () => {
  it('seeds the demo by default except in production', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('reads CORS_ORIGINS as a list of origins, empty by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173/' }).corsOrigins).toEqual(['https://a.example', 'http://localhost:5173']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });

  it('takes PUBLIC_URL only as an http(s) URL (record links are built on it)', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: ' https://crm.example.com:8443/ ' }).publicUrl).toBe('https://crm.example.com:8443/');
    for (const bad of ['crm.example.com', 'ftp://crm.example.com', 'https://', 'https://crm.example.com/?x=1']) expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
  });
});

describe('decimal places of numbers, exponents included', () => {
  it.each([
    [12, 0],
    [1.25, 2],
    [0.1, 1],
    [1e-7, 7],
    [2.5e-8, 9],
    [2e-323, 323],
    [1.5e21, 0],
    [-3.125, 3],
  ])('%p has %i', (v, n) => expect(decimalPlaces(v)).toBe(n));
});
