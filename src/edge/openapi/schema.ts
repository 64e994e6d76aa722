import { z } from 'zod';
import { field } from '../../platform/common/record-fields';

/**
 * Response schemas of the OpenAPI document (docs/architecture.md, "The API contract"). A schema
 * registered here becomes `components.schemas[id]`; every other schema that uses it refers to it
 * by `$ref`. Mappers type their results with `z.output<typeof X>`, so a mapper and its documented
 * shape cannot drift apart without a type error, and the e2e contract check validates the bodies.
 */
export interface ApiSchemaMeta {
  id: string;
  description?: string;
  example?: unknown;
}

export const apiSchemas = z.registry<ApiSchemaMeta>();

/**
 * A named component schema with its example (checked against the schema by the document test).
 * Records of spec section 2 are named as the spec names them (Opportunity, Step, UserSummary, ...).
 */
export function named<T extends z.ZodType>(id: string, schema: T, meta: { description?: string; example?: z.output<T> } = {}): T {
  if (apiSchemas.has(schema)) throw new Error(`schema ${id} is registered twice`);
  for (const [, m] of registered) if (m === id) throw new Error(`two schemas are named ${id}`);
  registered.push([schema, id]);
  apiSchemas.add(schema, { id, ...meta });
  return schema;
}
const registered: [z.ZodType, string][] = [];

/**
 * Sets the example of a registered schema and returns it, typed by the schema, so examples compose
 * (`{ ...companyRecordExample, orders: [orderRowExample] }`) and a wrong one fails type-checking.
 */
export function example<T extends z.ZodType>(schema: T, value: z.output<T>): z.output<T> {
  const meta = apiSchemas.get(schema);
  if (!meta) throw new Error('example(): register the schema with named() first');
  apiSchemas.remove(schema);
  apiSchemas.add(schema, { ...meta, example: value });
  return value;
}

/** The metadata of every registered schema (zod's conversion writes only the ids of a custom registry). */
export function registeredMeta(): ApiSchemaMeta[] {
  return registered.map(([schema]) => apiSchemas.get(schema)!);
}

/** The component id of a registered schema (throws for an unregistered one: responses refer to names). */
export function schemaId(schema: z.ZodType): string {
  const meta = apiSchemas.get(schema);
  if (!meta) throw new Error('response schemas must be registered with named()');
  return meta.id;
}

/** Field types that recur in every record (the domain's read models use the same, `src/platform/common/record-fields.ts`). */
export const f = {
  ...field,
  /** `ok: true` of every successful REST body. */
  ok: () => z.literal(true),
  /** The opaque cursor of the next page, null on the last page. */
  cursor: () => z.string().nullable().meta({ description: 'pass as `cursor` for the next page; null on the last page' }),
};

/** `{ok: true, items: [...], next_cursor}`: the shape of every cursor-paged REST list. */
export function listOf<T extends z.ZodType>(id: string, item: T, description?: string) {
  return named(id, z.object({ ok: f.ok(), items: z.array(item), next_cursor: f.cursor() }), { description });
}

/**
 * A record kind's three documented schemas from its read model (the domain's zod schema and example): `<name>` (the
 * record), `<name>Response` (`{ ok, <key>: record }`, one record's answer) and `<name>List` (a page of them). Its
 * controller calls this where a schema file would only have named them; a kind whose record other schemas refer to
 * keeps a `<kind>.schema.ts` that calls it.
 */
export function recordSchemas<T extends z.ZodType, K extends string>(name: string, key: K, record: T, doc: { description: string; example: z.output<T>; list: string; response?: string }) {
  const Record = named(name, record, { description: doc.description });
  const shape = { ok: f.ok(), [key]: Record } as { ok: ReturnType<typeof f.ok> } & { [P in K]: T };
  example(Record, doc.example);
  const Response = named(`${name}Response`, z.object(shape), doc.response ? { description: doc.response } : {});
  return { Record, Response, List: listOf(`${name}List`, Record, doc.list) };
}

/**
 * Compile-time proof that a domain read model is what a documented schema says: `true` only when every field of the
 * model fits the schema and the model has no field the schema lacks. A schema file states
 * `export type XFits = Assert<Conforms<ReturnType<typeof xView>, typeof X>>;`, so tsc refuses a drift.
 */
export type Conforms<Model, Schema extends z.ZodType> = [Model] extends [z.output<Schema>] ? ([Exclude<keyof Model, keyof z.output<Schema>>] extends [never] ? true : false) : false;
/** `Assert<Conforms<…>>` fails to compile unless the model conforms. */
export type Assert<T extends true> = T;
