/**
 * Property-based fuzzing of every operation of the OpenAPI document with hostile input: NUL, lone
 * surrogates, huge strings, huge and deep bodies, prototype keys, type confusion, out-of-range numbers,
 * in path parameters, query parameters and body fields, on two workspaces with every credential kind.
 * Invariants: never a 5xx; every error is the interface's JSON envelope; no stack trace, SQL, table or
 * constraint name or file path in any body.
 *
 * Budget: FUZZ_RUNS runs per operation (default 20). The seed is random per run and printed on a
 * failure; replay with FUZZ_SEED=<seed> (FUZZ_ONLY=<regex of "METHOD /path"> narrows it to some
 * operations; TEST_LOG_LEVEL=error shows the server's log of a 500).
 */
import * as fc from 'fast-check';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { api, createUser, createWorkspace, Fixture, issueKey, startApp, TestApp } from '../../helpers/test-app';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  example?: unknown;
  $ref?: string;
}
interface Operation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}
interface Req {
  principal: { host: string; token?: string };
  path: string;
  query: string;
  body?: { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; encoding?: string; text: string };
}

let t: TestApp;
const ops: Operation[] = [];
/** Host and credential pairs: each workspace's own credentials of every kind (mostly), and wrong pairings. */
const principals: { host: string; token?: string; weight: number }[] = [];
const ids: number[] = [];
let tables: string[] = [];

// ---------------------------------------------------------------- set-up: two workspaces, every credential kind, some records

async function seedRecords(f: Fixture, adminKey: string): Promise<number[]> {
  const as = api(t, f.host, adminKey);
  const out: number[] = [f.admin.id];
  const company = (await as.post('/api/v1/companies', { name: `Fuzz Co ${f.ws.slug}` }).expect(201)).body.company;
  const person = (await as.post('/api/v1/people', { name: 'Fuzz Person', customer_id: company.id }).expect(201)).body.person;
  const opp = (await as.post('/api/v1/opportunities', { name: 'Fuzz Opp', customer_id: company.id }).expect(201)).body.opp;
  const activity = (await as.post('/api/v1/activities', { type: 'F2F', date: '2026-03-02', customer_id: company.id }).expect(201)).body.activity;
  const task = (await as.post('/api/v1/tasks', { title: 'Fuzz task', customer_id: company.id }).expect(201)).body.task;
  const entry = (await as.post('/api/v1/calendar', { title: 'Fuzz meeting', start: '2026-03-02T09:00:00', end: '2026-03-02T10:00:00' }).expect(201)).body.entry;
  const product = (await as.post('/api/v1/products', { code: `FZ-${f.ws.slug}`, name: 'Fuzz product' }).expect(201)).body.product;
  out.push(company.id, person.id, opp.id, activity.id, task.id, entry.id, product.id, ...((opp.steps ?? []) as { id: number }[]).slice(0, 3).map((s) => s.id));
  return out;
}

beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000', BODY_LIMIT_BYTES: '262144' } });
  for (const slug of ['fuzza', 'fuzzb']) {
    const f = await createWorkspace(t, `${slug}${process.pid}`);
    const sales = await createUser(t, f, { role: 'sales' });
    principals.push(
      { host: f.host, token: f.adminKey, weight: 4 },
      { host: f.host, token: sales.key, weight: 4 },
      { host: f.host, token: await issueKey(t, f, 'session', f.admin.id), weight: 3 },
      { host: f.host, token: await issueKey(t, f, 'erp'), weight: 1 },
      { host: f.host, token: await issueKey(t, f, 'scim'), weight: 1 },
      { host: f.host, weight: 1 },
    );
    ids.push(...(await seedRecords(f, f.adminKey)), sales.user.id);
  }
  const [a, b] = [principals[0]!, principals[6]!];
  principals.push(
    { host: b.host, token: a.token, weight: 1 },
    { host: a.host, token: 'sk_invented-token', weight: 1 },
    { host: a.host, token: 'x'.repeat(5000), weight: 1 },
    { host: 'nowhere.localhost', token: a.token, weight: 1 },
  );
  tables = t.get(DataSource).entityMetadatas.map((m) => m.tableName);

  const doc = (await request(t.app.getHttpServer()).get('/api/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? doc.components?.schemas?.[s.$ref.split('/').pop()!] : s);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
}, 300_000); // an app and two seeded workspaces: seconds when quiet, minutes at load average 25 (CI beside other work)
afterAll(() => t?.close());

// ---------------------------------------------------------------- generators

/** `arb` with the given chance in percent, else null. */
const maybe = <T>(arb: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary: arb });

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileString = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\ud83d', 'ok\ud800\u0000', 'Ünïcödé ✓ 😀', '<script>alert(1)</script>', "'; DROP TABLE x; --"),
  fc.string({ unit: codeUnit, maxLength: 12 }),
  fc.constantFrom('x'.repeat(10_000), 'é'.repeat(70_000)),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '9223372036854775808', '2147483648', '-1', '0', '1.5', ' 1', '0x10', ''),
  fc.constantFrom('true', 'false', 'null', '[]', '{}', '2026-02-30', '2026-13-01', '0000-01-01', '9999-12-31T23:59:59', '2026-03-02T25:00:00', '2026-03-02T09:00:00Z', '+275760-09-13'),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, 2_147_483_647, -2_147_483_649, 2 ** 63, 1e308, -1e308, 0, -1, 1.5, 1e-10, Number.MAX_SAFE_INTEGER, 1e16, 99_999_999_999_999.98, 1e13, 1e14, 1e12, 123_456_789.125),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const confusion: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), hostileNumber), { maxLength: 3 }),
  fc.constant({}),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  hostileNumber,
  hostileString,
);

const WORDS = ['Qualify', 'Propose', 'Win', 'Lost', 'Cancel', 'Prospect', 'Customer', 'Active', 'Passive', 'EUR', 'USD', 'TRY', 'kg', 'ton', 'F2F', 'Call', 'Open', 'Done', 'Cancelled', 'Normal', 'High', 'A', 'Price', 'Fuzz'];
function plausible(name: string, s: Schema): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = s.type ?? (s.items ? 'array' : 'string');
  if (/(^|_)id$/.test(name)) return fc.constantFrom(...ids);
  if (type === 'integer') return fc.integer({ min: 0, max: 1440 });
  if (type === 'number') return fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 1e6, noNaN: true }));
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return s.items?.type === 'string' ? fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }) : fc.array(fc.constantFrom(...ids), { maxLength: 4 });
  if (/date/.test(name) || /^\d{4}-\d{2}-\d{2}$/.test(String(s.example ?? ''))) return fc.constantFrom('2026-03-02', '2026-12-31', '2025-01-01');
  if (/^(start|end)$/.test(name) || /T\d{2}:/.test(String(s.example ?? ''))) return fc.constantFrom('2026-03-02T09:00:00', '2026-03-02T10:30:00', '2026-03-29T03:30:00');
  if (/since/.test(name)) return fc.constantFrom('2026-03-02T09:00:00', '2020-01-01', '2026-03-02T09:00:00+03:00');
  if (/mail|username/.test(name)) return fc.constantFrom('admin@fuzza.test', 'x@y.z', '');
  return fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 20 }));
}

/** A plausible value made hostile: NUL or a lone surrogate spliced into it, or another type altogether. */
const hostileFor = (name: string, s: Schema): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.tuple(plausible(name, s), fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0000\ud800')).map(([v, bad]) => `${String(v)}${bad}`) },
    { weight: 3, arbitrary: confusion },
  );

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}
const protoBody = () => JSON.parse('{"__proto__": {"admin": true}, "name": "x"}') as unknown;

function bodyOf(schema: Schema | undefined): fc.Arbitrary<Req['body']> {
  const props = Object.entries(schema?.properties ?? {});
  const required = new Set(schema?.required ?? []);
  const extraKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'unknown_field', 'a\u0000', '\ud800', 'x'.repeat(300));
  // a plausible body (required fields and some optional ones) with at most one hostile field or extra key
  const fields = fc
    .tuple(
      props.length ? fc.subarray(props.filter(([k]) => !required.has(k))).chain((chosen) => fc.tuple(...[...props.filter(([k]) => required.has(k)), ...chosen].map(([k, sc]) => plausible(k, sc).map((v) => [k, v] as const)))) : fc.constant([]),
      props.length ? maybe(fc.constantFrom(...props).chain(([k, sc]) => hostileFor(k, sc).map((v) => [k, v] as const)), 60) : fc.constant(null),
      maybe(fc.tuple(extraKeys, confusion), 10),
    )
    .map(([pairs, hostile, extra]) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of pairs) o[k] = v;
      if (hostile) o[hostile[0]] = hostile[1];
      if (extra) Object.defineProperty(o, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
      return { kind: 'json' as const, value: o };
    });
  const whole: fc.Arbitrary<Req['body']> = fc.oneof(
    fc.constantFrom<unknown>(null, 'text', 42, true, [], [1, 2, 3]).map((value) => ({ kind: 'json' as const, value })),
    fc.integer({ min: 30, max: 200 }).map((d) => ({ kind: 'json' as const, value: deep(d) })),
    fc.constantFrom(1500, 20_000).map((n) => ({ kind: 'json' as const, value: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) })),
    fc.constant({ kind: 'json' as const, value: Array.from({ length: 20_000 }, () => 0) }),
    fc.constant({ kind: 'json' as const, value: protoBody() }),
    fc.constant({ kind: 'json' as const, value: { name: 'x'.repeat(300_000) } }),
    fc.constantFrom('{"name": "x",', '{"a":1}}', '\u0000', '[[[[', '{"x": 1e999999}', '{"x":"\\ud800"}', '{"x":"\\u0000"}').map((text) => ({ kind: 'raw' as const, type: 'application/json', text })),
    fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'x-unknown, gzip').map((encoding) => ({ kind: 'raw' as const, type: 'application/json', encoding, text: '{"name":"not compressed"}' })),
    fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded').map((type) => ({ kind: 'raw' as const, type, text: 'name=x' })),
  );
  return fc.oneof({ weight: 6, arbitrary: fields }, { weight: 1, arbitrary: whole });
}

/** Percent-encoding that also carries lone surrogates (as their WTF-8 bytes) and NUL. */
function enc(s: string): string {
  let out = '';
  for (const ch of s) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}

const pathValue = () => fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ids).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '9223372036854775808', '1e3', '1.5', 'abc', '%00', '1%00', '%ED%A0%80', '%20', '..', '%2e%2e', 'null', 'NaN', 'Infinity', '0x1f', '%F0%9F%98%80') },
);

function requestOf(op: Operation): fc.Arbitrary<Req> {
  const query = fc
    .tuple(
      fc.tuple(...op.query.map((q) => maybe(plausible(q.name, q.schema).map((v) => [enc(String(v))]), 40))),
      op.query.length
        ? maybe(
            fc.tuple(
              fc.nat(op.query.length - 1),
              fc.oneof(hostileString.map((v) => [enc(v)]), fc.tuple(fc.constantFrom('1', 'a'), hostileString).map(([a, b]) => [a, enc(b)])),
            ),
            60,
          )
        : fc.constant(null),
      maybe(fc.constantFrom('unknown=1', '%00=1', 'a%00b=x', '%ED%A0%80=1', '__proto__=1', 'limit[]=1', 'q=%25%00'), 10),
    )
    .map(([values, hostile, extra]) => {
      const vals = [...values] as (string[] | null)[];
      if (hostile) vals[hostile[0]] = hostile[1];
      const pairs = vals.flatMap((v, i) => (v ? v.map((x) => `${enc(op.query[i]!.name)}=${x}`) : []));
      if (extra) pairs.push(extra);
      return pairs.join('&');
    });
  const path = fc.tuple(...op.pathParams.map(() => pathValue())).map((vals) => op.pathParams.reduce((p, name, i) => p.replace(`{${name}}`, vals[i]!), op.path));
  const hasBody = op.method !== 'get' && op.method !== 'delete';
  const principal = fc.oneof(...principals.map((p) => ({ weight: p.weight, arbitrary: fc.constant(p) })));
  return fc.record({
    principal,
    path: op.pathParams.length ? path : fc.constant(op.path),
    query: op.query.length ? query : fc.constant(''),
    body: hasBody ? bodyOf(op.body) : maybe(bodyOf(undefined), 10).map((b) => b ?? undefined),
  });
}

// ---------------------------------------------------------------- the invariants

const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at \S|at [\w.<>]+ \(|\.(ts|js):\d+/],
  // a drive letter starts a word and is followed by a path segment: an echoed input ending in "Z:" before the JSON's
  // escaped quote (`Z:\"`) is not a path (seed 794369079)
  ['file path', /\/(work|app|home|usr|src|dist|tmp|node_modules)\/|\b[A-Z]:\\(?!")/],
  ['SQL', /\b(SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM|WHERE|RETURNING)\b|QueryFailedError|duplicate key|violates|relation "|syntax error at|SQLSTATE/],
];
const ERROR_LEAKS: [string, RegExp][] = [['constraint name', /\b(PK|UQ|FK|IDX|REL)_[0-9a-f]{6,}|\w_(pkey|fkey)\b/]];

async function send(op: Operation, r: Req): Promise<request.Response> {
  const url = r.path + (r.query ? `?${r.query}` : '');
  let q = request(t.app.getHttpServer())[op.method](url).set('Host', r.principal.host).timeout(20_000);
  if (r.principal.token !== undefined) q = q.set('Authorization', `Bearer ${r.principal.token}`);
  if (r.body?.kind === 'json') return q.set('Content-Type', 'application/json').send(JSON.stringify(r.body.value));
  if (r.body?.kind === 'raw') {
    q = q.set('Content-Type', r.body.type);
    if (r.body.encoding) q = q.set('Content-Encoding', r.body.encoding);
    return q.send(r.body.text);
  }
  return q;
}

/** Pages of the OAuth flow (HTML for the user's browser, also for their errors). */
const OAUTH_PAGES = new Set(['/oauth/authorize', '/oauth/signin']);

function problemOf(res: request.Response, path: string): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  const text = res.text ?? '';
  // the OAuth pages people are sent to answer their errors as a page (the contract check holds them to the document)
  if (res.status >= 400 && OAUTH_PAGES.has(path) && /^text\/html/.test(res.headers['content-type'] ?? '')) return null;
  if (res.status >= 400) {
    if (!/json/.test(res.headers['content-type'] ?? '')) return `error without JSON (${res.headers['content-type']})`;
    const b = res.body as Record<string, unknown>;
    const rest = b.ok === false && typeof b.error === 'string' && typeof b.message === 'string';
    // each interface's error format (src/edge/error-mapping.ts sendError); the MCP endpoint's are JSON-RPC
    // errors, or the REST envelope for a refused credential
    const envelope = path.startsWith('/api/scim/')
      ? Array.isArray(b.schemas) && typeof b.detail === 'string'
      : path.startsWith('/oauth/') || path.startsWith('/.well-known/')
        ? typeof b.error === 'string' && (b.error_description === undefined || typeof b.error_description === 'string')
        : path === '/mcp'
          ? rest || (b.jsonrpc === '2.0' && typeof (b.error as { code?: unknown } | undefined)?.code === 'number')
          : rest;
    if (!envelope) return 'error outside the envelope';
    if (text.length > 8_000) return `error body of ${text.length} characters`;
    const fields = b.fields;
    if (fields !== undefined && (!Array.isArray(fields) || fields.length > 10 || b.field !== fields[0])) return 'fields/field not in the one shape';
  }
  for (const [what, re] of LEAKS) if (re.test(text)) return `${what} in the body`;
  if (res.status >= 400) for (const [what, re] of ERROR_LEAKS) if (re.test(text)) return `${what} in the body`;
  if (res.status >= 400) {
    // spec field names that are also table names (a lead's `people`) may be named as the bad field
    const b = res.body as Record<string, unknown>;
    // (the field path before ": " may hold any hostile key the fuzzer sent: `people.w-@}: property w-@} should not exist`)
    const named = typeof b.message === 'string' ? b.message.replace(/(^|; )[^;]+?: /g, '$1') : '';
    const checked = JSON.stringify({ ...b, field: undefined, fields: undefined, message: named });
    for (const table of tables) if (new RegExp(`["'\`]${table}["'\`]|\\b${table}\\.\\w`).test(checked)) return `table name ${table} in the body`;
  }
  return null;
}

const show = (r: Req) =>
  JSON.stringify({ ...r, principal: { host: r.principal.host, token: r.principal.token?.slice(0, 12) }, body: r.body?.kind === 'json' ? JSON.stringify(r.body.value)?.slice(0, 300) : r.body }, (_k, v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length})` : v));

it(`drives every operation of the OpenAPI document with hostile input: no 5xx, envelope only, nothing leaks (seed ${SEED})`, async () => {
  expect(ops.length).toBeGreaterThan(30);
  // signing out revokes the session token the other operations use: last
  ops.sort((x, y) => Number(x.path.endsWith('/logout')) - Number(y.path.endsWith('/logout')));
  const failures: string[] = [];
  const stats: Record<number, number> = {};
  const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;
  for (const [i, op] of ops.entries()) {
    if (only && !only.test(`${op.method.toUpperCase()} ${op.path}`)) continue;
    const result = await fc.check(
      fc.asyncProperty(requestOf(op), async (r) => {
        const res = await send(op, r);
        stats[res.status] = (stats[res.status] ?? 0) + 1;
        if (process.env.FUZZ_STATS === 'verbose' && res.status >= 400 && Math.random() < 0.1) process.stderr.write(`${op.method} ${show(r).slice(0, 300)} -> ${res.status} ${res.text.slice(0, 200)}\n`);
        const problem = problemOf(res, r.path);
        if (problem) throw new Error(`${problem}\n    request: ${show(r)}\n    response ${res.status}: ${(res.text ?? '').slice(0, 400)}`);
      }),
      { numRuns: RUNS, seed: SEED + i, endOnFailure: true },
    );
    if (result.failed) failures.push(`${op.method.toUpperCase()} ${op.path} (FUZZ_SEED=${SEED}, operation seed ${SEED + i}): ${(result.errorInstance as Error)?.message}`);
  }
  if (process.env.FUZZ_STATS) process.stderr.write(`fuzz statuses: ${JSON.stringify(stats)}\n`);
  if (failures.length) process.stderr.write(`fuzz seed ${SEED}\n${failures.join('\n\n')}\n`);
  expect(failures).toEqual([]);
}, 600_000);
