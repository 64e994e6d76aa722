import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';

/**
 * The contract check (docs/architecture.md, "The API contract"): every response the e2e suite receives
 * from a route of the OpenAPI document is validated against the committed document (`openapi.json`,
 * which test/e2e/api/openapi-snapshot.e2e-spec.ts keeps equal to the code's). A status the operation does not
 * document, a content type it does not name, a missing field or one the schema does not name fails the
 * test that received it (test/helpers/contract-setup.ts). Requests to paths outside the document (pages,
 * unknown routes) are not checked here; test/e2e/api/openapi-routes.e2e-spec.ts checks that every route is in it.
 *
 * Compiling the document's validators takes seconds and every test file would repeat it: they are generated
 * once as ajv standalone code into node_modules/.cache/crm-contract/<hash>.js, keyed by the hash of
 * openapi.json and of this file, and each test file loads that module (written to a temporary name and
 * renamed, so two jest workers never read half of it).
 */

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

export interface Violation {
  test: string;
  request: string;
  operation: string;
  problem: string;
}

const DOC_PATH = join(__dirname, '../../openapi.json');
const CACHE_DIR = join(__dirname, '../../node_modules/.cache/crm-contract');
let operations: Operation[] | undefined;
/** Validators by validatorKey(): the generated module's exports. */
let validators: Record<string, ValidateFunction> | undefined;
const violations: Violation[] = [];
let currentTest = '';

export function setCurrentTest(name: string): void {
  currentTest = name;
}

/** Violations recorded since `from` (an index from violationCount()). */
export function violationsSince(from: number): Violation[] {
  return violations.slice(from);
}
export function violationCount(): number {
  return violations.length;
}

function load(): Operation[] {
  if (operations) return operations;
  const text = readFileSync(DOC_PATH, 'utf8');
  const doc = JSON.parse(text) as Doc;
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    const pattern = new RegExp(`^${source.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || !op || !('responses' in op)) continue;
      ops.push({ method: method.toUpperCase(), template, pattern, responses: op.responses as Operation['responses'] });
    }
  }
  const ajvVersion = (JSON.parse(readFileSync(require.resolve('ajv/package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(text).update(readFileSync(__filename)).update(ajvVersion).digest('hex').slice(0, 16);
  const file = join(CACHE_DIR, `${hash}.js`);
  if (!existsSync(file)) generate(doc, ops, file);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  validators = require(file) as Record<string, ValidateFunction>;
  // literal segments before parameters: /objects/{key}/records before /objects/{key}
  operations = ops.sort((a, b) => specificity(b.template) - specificity(a.template));
  return operations;
}

type Doc = { paths: Record<string, Record<string, Json>>; components: Json };

const validatorKey = (op: Operation, status: string, media: string) => `${op.method} ${op.template} ${status} ${media}`;

/** Writes the standalone module of every JSON response schema of the document (one function per distinct schema). */
function generate(doc: Doc, ops: Operation[], file: string): void {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, inlineRefs: false, code: { source: true } });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: toJsonSchema(structuredClone(doc.components)) });
  const ids = new Map<string, string>();
  const names: Record<string, string> = {};
  for (const op of ops) {
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [media, entry] of Object.entries(response.content ?? {})) {
        if (!entry.schema || !media.endsWith('json')) continue;
        const schema = JSON.stringify(entry.schema);
        let id = ids.get(schema);
        if (!id) {
          id = `s${ids.size}`;
          ids.set(schema, id);
          ajv.addSchema({ $id: id, allOf: [toJsonSchema(structuredClone(entry.schema))] });
        }
        names[validatorKey(op, status, media)] = id;
      }
    }
  }
  const code = standaloneCode(ajv, names);
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const old of readdirSync(CACHE_DIR)) if (old.endsWith('.js') && join(CACHE_DIR, old) !== file) rmSync(join(CACHE_DIR, old), { force: true });
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, code);
  renameSync(part, file);
}

const specificity = (t: string) => t.split('/').filter((s) => s && !s.startsWith('{')).length * 100 + t.split('/').length;

/**
 * OpenAPI 3.0 schemas as JSON Schema for ajv, strict about fields: `nullable` becomes a union with null,
 * and an object schema that lists its properties allows no others (an undocumented field fails).
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const o: Json = {};
  for (const [k, v] of Object.entries(node as Json)) o[k] = k === 'example' || k === 'enum' || k === 'const' ? v : toJsonSchema(v);
  if (o.$ref && typeof o.$ref === 'string' && o.$ref.startsWith('#/')) o.$ref = `openapi${o.$ref}`;
  if (o.properties && typeof o.properties === 'object' && o.additionalProperties === undefined && (o.type === 'object' || o.type === undefined)) {
    o.additionalProperties = false;
  }
  if (o.nullable === true) {
    delete o.nullable;
    return { anyOf: [{ type: 'null' }, o] };
  }
  return o;
}

/** CONTRACT_PATHS=<regex>: check only operations whose path template matches (while documenting one area). */
const ONLY = process.env.CONTRACT_PATHS ? new RegExp(process.env.CONTRACT_PATHS) : undefined;

/** Checks one response; returns the problem, or undefined when it matches the document (or no operation). */
export function checkResponse(method: string, path: string, status: number, contentType: string | undefined, body: Buffer): { operation: string; problem?: string } | undefined {
  const ops = load();
  const op = ops.find((o) => o.method === method && o.pattern.test(path));
  if (!op || (ONLY && !ONLY.test(op.template))) return undefined;
  const operation = `${method} ${op.template}`;
  const statusKey = op.responses[String(status)] ? String(status) : 'default';
  const documented = op.responses[statusKey];
  if (!documented) return { operation, problem: `status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})` };
  if (!documented.content) return { operation };
  if (body.length === 0) return { operation, problem: `status ${status} documents a body, the response has none` };
  const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const entry = documented.content[media];
  if (!entry) return { operation, problem: `content type ${media || '(none)'} is not documented for ${status} (documented: ${Object.keys(documented.content).join(', ')})` };
  if (!entry.schema) return { operation };
  if (!media.endsWith('json')) return { operation };
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { operation, problem: 'the body is not JSON' };
  }
  const validate = validators![validatorKey(op, statusKey, media)];
  if (validate(value)) return { operation };
  const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return { operation, problem: `body does not match the schema of ${status}: ${errors.join('; ')}` };
}

const REPORT = process.env.CONTRACT_REPORT;

/** Observes every response of this server (installed by startApp). */
export function observeResponses(server: Server): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    capture(req, res);
    for (const h of handlers) h.call(server, req, res);
  });
}

/** The body as the handler wrote it: this observer sits outside the compression middleware (src/edge/compression.ts). */
function decoded(res: ServerResponse, body: Buffer): Buffer {
  const encoding = res.getHeader('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function capture(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  res.write = ((...a: unknown[]) => {
    keep(a[0], a[1]);
    return write(...a);
  }) as typeof res.write;
  res.end = ((...a: unknown[]) => {
    keep(a[0], a[1]);
    return end(...a);
  }) as typeof res.end;
  const test = currentTest;
  res.on('finish', () => {
    if (req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const url = new URL(req.url ?? '/', 'http://x');
    let r: ReturnType<typeof checkResponse>;
    try {
      r = checkResponse(req.method ?? 'GET', url.pathname, res.statusCode, res.getHeader('content-type') as string | undefined, decoded(res, Buffer.concat(chunks)));
    } catch (e) {
      r = { operation: `${req.method} ${url.pathname}`, problem: `contract check failed: ${(e as Error).message}` };
    }
    if (!r?.problem) return;
    const v: Violation = { test, request: `${req.method} ${url.pathname} -> ${res.statusCode}`, operation: r.operation, problem: r.problem };
    if (REPORT) appendFileSync(REPORT, `${JSON.stringify({ ...v, file: process.env.JEST_WORKER_ID ? expect.getState().testPath : '' })}\n`);
    else violations.push(v);
  });
}
