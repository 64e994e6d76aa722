import type { INestApplication } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ParameterObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { AUTH_KEY, type AuthOptions } from '../auth.decorator';
import { API_TAGS, docOf, type ApiSuccess } from './api-doc.decorator';
import { ERROR_SCHEMAS, errorText, type ErrorFamily } from './errors';
import { apiSchemas, registeredMeta, schemaId } from './schema';
import { exampleOf } from './examples';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, takesIdempotencyKey } from '../idempotency.interceptor';
import { isLimitedPath } from '../throttle';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

export interface DocumentInfo {
  version: string;
}

/** Documents built in this process, by version and controller classes (`buildOpenApiDocument`). */
const built = new Map<string, OpenAPIObject>();
const classIds = new WeakMap<object, number>();
let nextClassId = 0;

/** The version and the identities of every controller class of the app: equal keys, equal documents. */
function documentKey(app: INestApplication, info: DocumentInfo): string {
  const ids: number[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.keys()) {
      let id = classIds.get(controller as object);
      if (id === undefined) classIds.set(controller as object, (id = ++nextClassId));
      ids.push(id);
    }
  }
  return `${info.version}\n${ids.join(',')}`;
}

/**
 * The OpenAPI document of every API route: Nest's scan of the controllers, completed from @ApiDoc. Built
 * once per process and set of controllers (the scan and the conversion of the response schemas were most
 * of the CPU of starting an app, which the test suite does some 150 times a pass). The apps of one process share it,
 * frozen: a copy per app was a further 4 % of a start's CPU, and nothing after the build changes the document.
 */
export function buildOpenApiDocument(app: INestApplication, info: DocumentInfo): OpenAPIObject {
  const key = documentKey(app, info);
  let doc = built.get(key);
  if (!doc) {
    const kept = documentStore.key?.(routesKey(app, info));
    const stored = kept ? documentStore.read?.(kept) : undefined;
    doc = stored ?? scanDocument(app, info);
    if (kept && !stored) documentStore.write?.(kept, doc);
    built.set(key, deepFreeze(doc));
  }
  return doc;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Forgets the documents built in this process (the snapshot test builds the code's document anew). */
export function forgetBuiltDocuments(): void {
  built.clear();
  converted = undefined;
}

/**
 * Where documents may be kept between processes. Empty in the service (it builds its one document at start); the
 * test suite, which starts an app in some 300 module registries a run, fills it (test/helpers/contract-setup.ts) with
 * a folder keyed by the sources' hash, so a document is built once per tree instead of once per registry.
 */
export const documentStore: {
  /** The store's key for these routes (undefined: not kept). */
  key?: (routes: string) => string | undefined;
  read?: (key: string) => OpenAPIObject | undefined;
  write?: (key: string, doc: OpenAPIObject) => void;
} = {};

/** The version and every controller of the app by name, path and handler names: what the document is built from besides the sources. */
function routesKey(app: INestApplication, info: DocumentInfo): string {
  const parts = [info.version];
  for (const module of app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.keys()) {
      const type = controller as unknown as { name: string; prototype: object };
      parts.push(`${type.name} ${String(Reflect.getMetadata('path', type) ?? '')} ${Object.getOwnPropertyNames(type.prototype).join(',')}`);
    }
  }
  return parts.join('\n');
}

function scanDocument(app: INestApplication, info: DocumentInfo): OpenAPIObject {
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('CRM service API')
      .setDescription(
        'REST API `/api/v1`, ERP order exchange `/api/erp/v1`, SCIM 2.0 `/api/scim/v2`, the OAuth 2.1 authorization server `/oauth` ' +
          'and the MCP endpoint `/mcp`. Successful REST bodies carry `ok: true`; dates are `YYYY-MM-DD`, timestamps ' +
          "`YYYY-MM-DDTHH:mm:ss` in the workspace's local time. Installation constants (stages, statuses, reasons) come from `GET /api/v1/me`.",
      )
      .setVersion(info.version)
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key, session token (`xk_`) or OAuth access token' }, 'bearer')
      .build(),
    { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` },
  );
  completeDocument(doc);
  return doc;
}

/** Exported for tests: fills in what the decorators declare and what every route shares. */
export function completeDocument(doc: OpenAPIObject): void {
  const components = (doc.components ??= {});
  const schemas = (components.schemas ??= {});
  Object.assign(schemas, responseSchemas(), ERROR_SCHEMAS);
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      completeOperation(schemas, path, method, op);
      for (const t of op.tags ?? []) used.add(t);
    }
  }
  doc.tags = (Object.keys(API_TAGS) as (keyof typeof API_TAGS)[]).filter((t) => used.has(t)).map((name) => ({ name, description: API_TAGS[name] }));
  for (const t of used) if (!(t in API_TAGS)) doc.tags.push({ name: t, description: 'not one of the document tags' });
  for (const s of Object.values(schemas)) tidy(s as SchemaObject);
  // the document's order is its own, not the order in which modules and files load (they are found in folders): the
  // paths by their tag's place in the tag list, then by path; the schemas by name
  const place = new Map(doc.tags.map((t, i) => [t.name, i]));
  const tagOf = (item: (typeof doc.paths)[string]): number => {
    const op = METHODS.map((m) => item[m] as OperationObject | undefined).find(Boolean);
    return place.get(op?.tags?.[0] ?? '') ?? place.size;
  };
  doc.paths = Object.fromEntries(Object.entries(doc.paths).sort(([a, x], [b, y]) => tagOf(x) - tagOf(y) || byName(a, b)));
  components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => byName(a, b)));
}

/** Code-point order (the same on every machine, unlike a locale's). */
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The zod registry as OpenAPI 3.0 component schemas: converted once per process and set of registered
 * schemas (zod's conversion of the whole registry was about half of the CPU of starting an app), and given
 * to each document as a copy (completeDocument edits its schemas).
 */
let converted: { count: number; schemas: Record<string, SchemaObject> } | undefined;
export function responseSchemas(): Record<string, SchemaObject> {
  const count = registeredMeta().length;
  if (converted?.count !== count) converted = { count, schemas: convertRegistry() };
  return structuredClone(converted.schemas);
}

function convertRegistry(): Record<string, SchemaObject> {
  const out = z.toJSONSchema(apiSchemas, { target: 'openapi-3.0', uri: (id) => `#/components/schemas/${id}`, io: 'output', unrepresentable: 'any' });
  const schemas = out.schemas as Record<string, SchemaObject>;
  for (const meta of registeredMeta()) {
    const s = schemas[meta.id];
    if (meta.description) s.description = meta.description;
    if (meta.example !== undefined) s.example = meta.example;
  }
  return schemas;
}

export function familyOf(path: string): ErrorFamily {
  if (path.startsWith('/api/scim/')) return 'scim';
  if (path.startsWith('/oauth/') || path.startsWith('/.well-known/')) return 'oauth';
  if (path === '/mcp') return 'mcp';
  return 'rest';
}

function contentTypeOf(family: ErrorFamily): string {
  return family === 'scim' ? 'application/scim+json' : 'application/json';
}

function completeOperation(schemasOf: Record<string, unknown>, path: string, method: string, op: OperationObject): void {
  const registered = op.operationId ? docOf(op.operationId) : undefined;
  const family = familyOf(path);
  const params = (op.parameters ?? []) as ParameterObject[];
  for (const p of params) integerParameter(p);
  for (const p of params) if (p.in === 'query' && p.schema && 'example' in p.schema) moveExampleToDescription(p);
  if (!registered) return;
  const { spec, handler } = registered;
  op.description = `${spec.description}\n\n${spec.spec ? `Spec section ${spec.spec}.` : 'Beyond the spec: see docs/decisions/README.md.'}`;
  const responses: Record<string, ResponseObject> = {};
  const successes: ApiSuccess[] = Array.isArray(spec.ok) ? spec.ok : spec.ok instanceof z.ZodType ? [{ schema: spec.ok }] : [spec.ok];
  const routeStatus = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'post' ? 201 : 200);
  for (const s of successes) {
    const status = s.status ?? routeStatus;
    const r: ResponseObject = { description: s.description ?? (status === 204 ? 'no content' : status === 302 ? 'redirect' : 'success') };
    if (s.schema) {
      const id = schemaId(s.schema);
      const example = exampleOf(schemasOf, id);
      r.content = { [s.contentType ?? contentTypeOf(family)]: { schema: { $ref: `#/components/schemas/${id}` }, ...(example !== undefined ? { example } : {}) } };
    }
    if (s.headers) r.headers = Object.fromEntries(Object.entries(s.headers).map(([k, d]) => [k, { description: d, schema: { type: 'string' } }]));
    // two answers of one status differ by content type (MCP: JSON, or an event stream): one response, both contents
    const same = responses[String(status)];
    responses[String(status)] = same?.content && r.content ? { ...same, description: `${same.description}; or ${r.description}`, content: { ...same.content, ...r.content } } : r;
  }
  const auth = Reflect.getMetadata(AUTH_KEY, handler) as AuthOptions | undefined;
  const errors: Record<number, string> = {};
  // a body that is not JSON is refused before routing, so any route can answer 400
  errors[400] = errorText(family, 400);
  if (auth) {
    errors[401] = errorText(family, 401);
    errors[403] = auth.firstParty ? errorText(family, 403, 'firstParty') : errorText(family, 403);
  }
  // the Host names no workspace: every route but the health check (WorkspaceMiddleware)
  if (path !== '/health') errors[404] = errorText(family, 404, params.some((p) => p.in === 'path') ? undefined : 'host');
  // the body parsers run before routing: a body too large or not readable is refused on any route
  errors[413] = errorText(family, 413);
  errors[415] = errorText(family, 415);
  // every path the request limits cover answers 429, with a credential or without one (the address's
  // bucket); /.well-known documents and /health are not limited (src/edge/throttle.ts isLimitedPath)
  if (isLimitedPath(path)) errors[429] = errorText(family, 429);
  const idempotent = !!auth && takesIdempotencyKey(method, path);
  if (idempotent) documentIdempotency(op, responses, errors, spec.errors ?? {});
  else Object.assign(errors, spec.errors);
  for (const [status, description] of Object.entries(errors)) {
    const content = { [contentTypeOf(family)]: { schema: { $ref: `#/components/schemas/${errorSchemaOf(family)}` } } };
    // a status `ok` declares too (the OAuth pages' 400 error page) keeps its body and gains the error's
    const declared = responses[status];
    responses[status] = declared ? { description: `${declared.description}; or ${description}`, content: { ...declared.content, ...content } } : { description, content };
    if (status === '429') responses[status].headers = { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer' } } };
  }
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

const IDEMPOTENCY_409 = '`idempotency_key_in_use`: a request with the same `Idempotency-Key` is still being processed (waited for up to 5 s); repeat it later';
const IDEMPOTENCY_422 = '`idempotency_key_reused`: the `Idempotency-Key` was already used with another method, path or body within 24 hours';

/**
 * Every POST and PATCH of /api/v1 and /api/erp/v1 with a credential takes `Idempotency-Key`
 * (src/edge/idempotency.interceptor.ts): the header, the replay header on its answers, 409 and 422.
 */
function documentIdempotency(op: OperationObject, responses: Record<string, ResponseObject>, errors: Record<number, string>, declared: Partial<Record<number, string>>): void {
  op.parameters = [
    ...(op.parameters ?? []),
    {
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      description:
        'Optional, 1-255 printable characters chosen by the client (e.g. a UUID), per credential (IETF httpapi Idempotency-Key draft). A repeat ' +
        'with the same key, method, path and body within 24 hours is not run again: it is answered with the first answer (status and body, ' +
        `2xx or 4xx) and \`${REPLAYED_HEADER}: true\`. The same key with another body is 422; while the first request runs, a repeat waits, then 409.`,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  ];
  for (const [status, r] of Object.entries(responses)) {
    if (status.startsWith('2')) r.headers = { ...r.headers, [REPLAYED_HEADER]: { description: '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`', schema: { type: 'string', enum: ['true'] } } };
  }
  Object.assign(errors, declared);
  errors[409] = declared[409] ? `${declared[409]}; or ${IDEMPOTENCY_409}` : IDEMPOTENCY_409;
  errors[422] = declared[422] ? `${declared[422]}; or ${IDEMPOTENCY_422}` : IDEMPOTENCY_422;
}

function errorSchemaOf(family: ErrorFamily): string {
  return family === 'scim' ? 'ScimError' : family === 'oauth' ? 'OAuthError' : family === 'mcp' ? 'JsonRpcError' : 'Error';
}

const INTEGER_NAME = /(^|_)(id|ids|limit|count|claim)$|Id$|Index$|^count$/;

/** Ids, page sizes and indexes are integers (Nest says `number` for every numeric parameter). */
function integerParameter(p: ParameterObject): void {
  const s = p.schema as SchemaObject | undefined;
  if (!s || s.type !== 'number') return;
  if (p.in === 'path' || INTEGER_NAME.test(p.name)) s.type = 'integer';
}

/**
 * Swagger UI fills a query parameter's example into "Try it out", and sends it: an example that only
 * makes sense with another parameter (updated_since needs sort=update) broke the default request.
 * Examples of query parameters therefore live in the description.
 */
function moveExampleToDescription(p: ParameterObject): void {
  const s = p.schema as SchemaObject & { example?: unknown };
  const example = s.example;
  delete s.example;
  p.description = `${p.description ?? ''}${p.description ? ' ' : ''}(e.g. \`${String(example)}\`)`;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** What zod's conversion writes that an OpenAPI 3.0 reader should not see. */
function tidy(s: SchemaObject | undefined): void {
  if (!s || typeof s !== 'object') return;
  const o = s as Record<string, unknown>;
  delete o.$id;
  delete o.$schema;
  if (o.maximum === SAFE) delete o.maximum;
  if (o.minimum === -SAFE) delete o.minimum;
  if (o.exclusiveMinimum === true && o.minimum === undefined) {
    o.minimum = 0;
  }
  for (const v of Object.values(o)) {
    if (Array.isArray(v)) v.forEach((x) => tidy(x as SchemaObject));
    else if (v && typeof v === 'object') tidy(v as SchemaObject);
  }
}
