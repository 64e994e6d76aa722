import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { API_TAGS } from '../../../src/edge/openapi/api-doc.decorator';

/**
 * The committed document (`openapi.json`, equal to the code's by test/e2e/api/openapi-snapshot.e2e-spec.ts)
 * is complete: every operation has a summary, a description naming its spec section, a tag of the
 * list, a stable camelCase operationId, a success response with a schema and an example (or 204/3xx
 * without a body), its error responses with the shared error schemas, and every example in it is valid
 * against its schema. Types are right: no untyped object where a value is nullable, ids and page sizes
 * are integers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a walk over arbitrary JSON
type Json = Record<string, any>;
const doc = JSON.parse(readFileSync(join(__dirname, '../../../openapi.json'), 'utf8')) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const ops: [string, Json][] = [];
for (const [path, item] of Object.entries(doc.paths as Json)) for (const m of METHODS) if (item[m]) ops.push([`${m.toUpperCase()} ${path}`, item[m]]);

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
/** OpenAPI 3.0 → JSON Schema for ajv: `nullable` as a union with null; refs into the document. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const o: Json = {};
  for (const [k, v] of Object.entries(node as Json)) o[k] = k === 'example' || k === 'enum' ? v : toJsonSchema(v);
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/')) o.$ref = `doc${o.$ref}`;
  if (o.nullable === true) {
    delete o.nullable;
    return { anyOf: [{ type: 'null' }, o] };
  }
  return o;
}
ajv.addSchema({ $id: 'doc', components: toJsonSchema(doc.components) });
const problemsOf = (schema: Json, value: unknown): string | undefined => {
  const validate = ajv.compile(toJsonSchema(schema) as Json);
  return validate(value) ? undefined : ajv.errorsText(validate.errors);
};

/** Every (where, schema, example) in the document: schema examples, media type examples, parameter examples. */
function examples(): [string, Json, unknown][] {
  const out: [string, Json, unknown][] = [];
  const walk = (where: string, s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Json;
    if ('example' in o && (o.type || o.properties || o.$ref || o.allOf || o.anyOf || o.oneOf || o.items)) {
      const { example, ...schema } = o;
      out.push([where, schema, example]);
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'example' && v && typeof v === 'object') walk(`${where}.${k}`, v);
  };
  for (const [name, s] of Object.entries(doc.components.schemas as Json)) walk(`components.schemas.${name}`, s);
  for (const [id, op] of ops) {
    for (const [status, r] of Object.entries((op.responses ?? {}) as Json))
      for (const [type, media] of Object.entries((r.content ?? {}) as Json)) if (media.example !== undefined && media.schema) out.push([`${id} ${status} ${type}`, media.schema, media.example]);
    for (const p of op.parameters ?? []) if (p.example !== undefined && p.schema) out.push([`${id} parameter ${p.name}`, p.schema, p.example]);
  }
  return out;
}

/** Routes that exist only to refuse the method (405), and the health check, which takes no input that could be refused. */
const NO_SUCCESS = new Set(['GET /mcp', 'DELETE /mcp']);
const NO_CLIENT_ERROR = new Set(['GET /health']);
/** The OAuth browser pages answer their 400 as an HTML page (beside the OAuth error of the edge). */
const ERROR_BODIES = ['Error', 'ScimError', 'OAuthError', 'JsonRpcError', 'HtmlPage'].map((s) => `#/components/schemas/${s}`);

describe('the OpenAPI document', () => {
  it.each(ops)('%s has a summary, a description with its spec section, a tag of the list and a camelCase operationId', (_id, op) => {
    expect(typeof op.summary === 'string' && op.summary.length > 3).toBe(true);
    expect(op.description).toMatch(/Spec section [0-9.]+\.|Beyond the spec/);
    expect(op.tags).toHaveLength(1);
    expect(Object.keys(API_TAGS)).toContain(op.tags[0]);
    expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('has unique operationIds and lists its tags with descriptions', () => {
    const ids = ops.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of doc.tags) {
      expect(Object.keys(API_TAGS)).toContain(t.name);
      expect(t.description).toBeTruthy();
    }
  });

  it.each(ops)('%s answers a success with a schema and an example (or 204 / a redirect)', (id, op) => {
    const success = Object.entries(op.responses as Json).filter(([s]) => s.startsWith('2') || s.startsWith('3'));
    if (!NO_SUCCESS.has(id)) expect(success.length).toBeGreaterThan(0);
    for (const [status, r] of success) {
      if (status === '204' || status === '202' || status.startsWith('3')) continue;
      const media = Object.values((r.content ?? {}) as Json);
      expect({ status, media: media.length }).toEqual({ status, media: expect.any(Number) });
      expect(media.length).toBeGreaterThan(0);
      for (const m of media) {
        expect(m.schema).toBeDefined();
        if (!('type' in m.schema && m.schema.type === 'string')) expect({ status, example: m.example !== undefined }).toEqual({ status, example: true });
      }
    }
  });

  it.each(ops)('%s documents its error responses with the shared error schemas', (id, op) => {
    const errors = Object.entries(op.responses as Json).filter(([s]) => s.startsWith('4'));
    if (!NO_CLIENT_ERROR.has(id)) expect(errors.length).toBeGreaterThan(0);
    for (const [, r] of errors) {
      const refs = Object.values((r.content ?? {}) as Json).map((m) => m.schema?.$ref);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(ERROR_BODIES).toContain(ref);
    }
    if (op.security?.length) for (const s of ['401', '403']) expect({ id, status: s, documented: s in op.responses }).toEqual({ id, status: s, documented: true });
  });

  it('has only examples that are valid against their schemas', () => {
    const bad = examples()
      .map(([where, schema, example]) => [where, problemsOf(schema, example)])
      .filter(([, p]) => p);
    expect(bad).toEqual([]);
  });

  it('types ids, page sizes and nullable values (no untyped object, no `number` id)', () => {
    const bad: string[] = [];
    const walk = (where: string, s: unknown) => {
      if (!s || typeof s !== 'object') return;
      const o = s as Json;
      if (o.type === 'object' && !o.properties && o.additionalProperties === undefined && !o.allOf && !o.oneOf && !o.anyOf) bad.push(`${where}: object without properties`);
      if (o.properties) for (const [k, p] of Object.entries(o.properties as Json)) if (/(^id|_id|^limit)$/.test(k) && p.type === 'number') bad.push(`${where}.${k}: number, not integer`);
      for (const [k, v] of Object.entries(o)) if (k !== 'example' && v && typeof v === 'object') walk(`${where}.${k}`, v);
    };
    for (const [name, s] of Object.entries(doc.components.schemas as Json)) walk(name, s);
    for (const [id, op] of ops)
      for (const p of op.parameters ?? []) if ((/(^id|_id|Id|^limit|^count|Index)$/.test(p.name) || p.in === 'path') && p.schema?.type === 'number') bad.push(`${id} ${p.name}: number, not integer`);
    expect(bad).toEqual([]);
  });

  it('pre-fills no query parameter in "Try it out" (examples of query parameters are in their description)', () => {
    const bad = ops.flatMap(([id, op]) => (op.parameters ?? []).filter((p: Json) => p.in === 'query' && (p.example !== undefined || p.schema?.example !== undefined)).map((p: Json) => `${id} ${p.name}`));
    expect(bad).toEqual([]);
  });
});
