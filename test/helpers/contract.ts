import { appendFileSync, readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The contract check (docs/architecture.md, "The API contract"): every response the e2e suite receives
 * from a route of the OpenAPI document is validated against the committed document (`openapi.json`,
 * which test/e2e/openapi-snapshot.e2e-spec.ts keeps equal to the code's). A status the operation does not
 * document, a content type it does not name, a missing field or one the schema does not name fails the
 * test that received it (test/helpers/contract-setup.ts). Requests to paths outside the document (pages,
 * unknown routes) are not checked here; test/e2e/openapi-routes.e2e-spec.ts checks that every route is in it.
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
let operations: Operation[] | undefined;
let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();
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
  const doc = JSON.parse(readFileSync(DOC_PATH, 'utf8')) as { paths: Record<string, Record<string, Json>>; components: Json };
  ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: toJsonSchema(structuredClone(doc.components)) });
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    const pattern = new RegExp(`^${source.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');
    for (const [method, op] of Object.entries(item)) {
      if (typeof op !== 'object' || !op || !('responses' in op)) continue;
      ops.push({ method: method.toUpperCase(), template, pattern, responses: op.responses as Operation['responses'] });
    }
  }
  // literal segments before parameters: /objects/{key}/records before /objects/{key}
  operations = ops.sort((a, b) => specificity(b.template) - specificity(a.template));
  return operations;
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

function validatorFor(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    v = ajv!.compile(toJsonSchema(structuredClone(schema)) as Json);
    validators.set(key, v);
  }
  return v;
}

/** CONTRACT_PATHS=<regex>: check only operations whose path template matches (while documenting one area). */
const ONLY = process.env.CONTRACT_PATHS ? new RegExp(process.env.CONTRACT_PATHS) : undefined;

/** Checks one response; returns the problem, or undefined when it matches the document (or no operation). */
export function checkResponse(method: string, path: string, status: number, contentType: string | undefined, body: Buffer): { operation: string; problem?: string } | undefined {
  const ops = load();
  const op = ops.find((o) => o.method === method && o.pattern.test(path));
  if (!op || (ONLY && !ONLY.test(op.template))) return undefined;
  const operation = `${method} ${op.template}`;
  const documented = op.responses[String(status)] ?? op.responses.default;
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
  const validate = validatorFor(entry.schema);
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
      r = checkResponse(req.method ?? 'GET', url.pathname, res.statusCode, res.getHeader('content-type') as string | undefined, Buffer.concat(chunks));
    } catch (e) {
      r = { operation: `${req.method} ${url.pathname}`, problem: `contract check failed: ${(e as Error).message}` };
    }
    if (!r?.problem) return;
    const v: Violation = { test, request: `${req.method} ${url.pathname} -> ${res.statusCode}`, operation: r.operation, problem: r.problem };
    if (REPORT) appendFileSync(REPORT, `${JSON.stringify({ ...v, file: process.env.JEST_WORKER_ID ? expect.getState().testPath : '' })}\n`);
    else violations.push(v);
  });
}
