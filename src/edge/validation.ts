import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { invalid, invalidFields } from '../platform/common/errors';
import { badText } from './body-guard';

/** Largest and smallest value of a PostgreSQL `integer` column (ids, counts). */
export const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;

/** Class metadata: on this body DTO `null` clears an optional field (PATCH semantics, docs/decisions/api-and-errors.md, "`null` in PATCH and create bodies"). */
export const NULL_CLEARS = Symbol('crm:null-clears');
const SWAGGER_PROPERTY = 'swagger/apiModelProperties';

/** Constraints about the kind of value: when one fails, it is the message (a range check of a string says little). */
const KIND_CHECKS = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'isIn', 'isEnum', 'nestedValidation'];

/**
 * The one message of a field: unknown fields are not allowed; a missing (`undefined`) field "is
 * required" and a `null` one "must not be null", whatever its validators say (a missing id never reads
 * "must not be less than 1"); otherwise the failed check of the value's kind, else the first failed one,
 * without class-validator's repetition of the field name ("password: must be a string").
 */
function messageOf(e: ValidationError): string | undefined {
  const c = e.constraints;
  if (!c || Object.keys(c).length === 0) return undefined;
  if (c.whitelistValidation) return 'is not a known field';
  if (e.value === undefined) return 'is required';
  if (e.value === null) return 'must not be null';
  const key = KIND_CHECKS.find((k) => c[k] !== undefined) ?? Object.keys(c)[0]!;
  const msg = c[key]!;
  return msg.startsWith(`${e.property} `) ? msg.slice(e.property.length + 1) : msg;
}

/** One problem per field (nested fields by their path, `items.0.title`). */
function flatten(errors: ValidationError[], parent = ''): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const message = messageOf(e);
    if (message) out.push({ field, message });
    else if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

/**
 * What `null` means for one property of a body DTO:
 * - `keep`: the OpenAPI document declares it nullable: null reaches the service (a nullable column);
 * - `empty`: optional text on a DTO marked NULL_CLEARS: becomes '' (cleared);
 * - `refuse`: optional (IsOptional would wave null through to the service) but not nullable: 400;
 * - `validate`: left to the field's validators (required fields, `IfPresent` fields refuse null).
 */
type NullRule = 'keep' | 'empty' | 'refuse' | 'validate';

interface DtoShape {
  nulls: Map<string, NullRule>;
  /** Integer properties without a declared maximum: held to the `integer` column range. */
  unboundedInts: string[];
}

type Storage = ReturnType<typeof getMetadataStorage>;
type Metas = ReturnType<Storage['getTargetValidationMetadatas']>;
const MEMO = Symbol.for('crm.validation-memo');

/**
 * class-validator finds a class's constraints by testing every registered class (an `instanceof` per DTO of the
 * service) and groups them by property again on every validation: together a twentieth of a list request's CPU.
 * Both answers change only when a decorator registers more metadata (when a class is defined), so they are kept
 * per class and options until then; the arrays are only read by class-validator.
 */
function memoizeLookups(storage: Storage & { [MEMO]?: true }): void {
  if (storage[MEMO]) return;
  storage[MEMO] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let found = new Map<unknown, Map<string, Metas>>();
  let grouped = new WeakMap<Metas, ReturnType<Storage['groupByPropertyName']>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strict, groups) => {
    const key = `${schema}\u0000${always}\u0000${strict}\u0000${groups?.join('\u0000') ?? ''}`;
    let byKey = found.get(target);
    if (!byKey) found.set(target, (byKey = new Map()));
    let metas = byKey.get(key);
    if (!metas) byKey.set(key, (metas = lookup(target, schema, always, strict, groups)));
    return metas;
  };
  storage.groupByPropertyName = (metas) => {
    let g = grouped.get(metas);
    if (!g) grouped.set(metas, (g = group(metas)));
    return g;
  };
  storage.addValidationMetadata = (m) => {
    found = new Map();
    grouped = new WeakMap();
    add(m);
  };
}
memoizeLookups(getMetadataStorage());

const shapes = new WeakMap<object, DtoShape>();

function shapeOf(metatype: new () => unknown): DtoShape {
  let shape = shapes.get(metatype);
  if (shape) return shape;
  const metas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  const byProp = new Map<string, { names: Set<string>; each: Set<string> }>();
  for (const m of metas) {
    const p = byProp.get(m.propertyName) ?? { names: new Set<string>(), each: new Set<string>() };
    p.names.add(m.name ?? m.type);
    if (m.each) p.each.add(m.name ?? m.type);
    byProp.set(m.propertyName, p);
  }
  const clears = Reflect.getMetadata(NULL_CLEARS, metatype) === true;
  const nulls = new Map<string, NullRule>();
  const unboundedInts: string[] = [];
  for (const [prop, { names, each }] of byProp) {
    const api = Reflect.getMetadata(SWAGGER_PROPERTY, metatype.prototype, prop) as { nullable?: boolean } | undefined;
    const text = names.has('isString') && !each.has('isString');
    let rule: NullRule = 'validate';
    if (api?.nullable) rule = 'keep';
    else if (clears && text && (names.has('isOptional') || names.has('conditionalValidation'))) rule = 'empty';
    else if (names.has('isOptional')) rule = 'refuse';
    nulls.set(prop, rule);
    if (names.has('isInt') && !names.has('max') && !each.has('isInt')) unboundedInts.push(prop);
  }
  shape = { nulls, unboundedInts };
  shapes.set(metatype, shape);
  return shape;
}

const isClass = (t: unknown): t is new () => unknown => typeof t === 'function' && ![String, Number, Boolean, Object, Array].includes(t as never);
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The global pipe: whitelisting, unknown fields refused, types transformed; one 400 shape naming at
 * most ten bad fields. Also: `null` per the DTO's null rules, path parameters free of NUL and lone
 * surrogates, and integers held to the `integer` column range where the DTO declares no maximum.
 */
@Injectable()
export class CrmValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      // the value tells a missing field from a wrong one; it never reaches the answer
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => invalidFields(flatten(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param' && typeof value === 'string') {
      const bad = badText(value);
      if (bad) throw invalid(metadata.data ?? 'path', bad);
    }
    const dto = metadata.type === 'body' || metadata.type === 'query' ? metadata.metatype : undefined;
    if (!isClass(dto)) return super.transform(value, metadata);
    const shape = shapeOf(dto);
    if (metadata.type === 'body' && isPlainObject(value)) value = applyNullRules(value, shape);
    const key = metadata.type === 'query' ? queryKey(value) : null;
    if (key !== null) {
      const kept = validQueries.get(dto)?.get(key);
      if (kept) return copyOf(kept);
    }
    const out = await super.transform(value, metadata);
    if (isPlainObject(out)) {
      const wide = shape.unboundedInts.filter((p) => typeof out[p] === 'number' && ((out[p] as number) > INT_MAX || (out[p] as number) < INT_MIN));
      if (wide.length) throw invalidFields(wide.map((field) => ({ field, message: `must be an integer between ${INT_MIN} and ${INT_MAX}` })));
      if (key !== null) keepQuery(dto, key, out);
    }
    return out;
  }
}

/**
 * Query strings that passed, per DTO: a list is asked again and again with the same few query strings (`limit=50`),
 * and class-transformer and class-validator took 3-4 % of a list request's CPU to answer the same DTO again
 * (docs/performance.md, "Framework share"). The answer depends on the text alone: the query DTOs' checks and
 * transforms are pure. A refused query is not kept (it is checked again and answers the same 400). Each hit is a
 * shallow copy, with the kept arrays frozen, so a handler cannot change what the next request gets.
 */
const validQueries = new WeakMap<object, Map<string, Record<string, unknown>>>();
const QUERIES_KEPT = 500;

/** The query's text as a key: string values (or arrays of them, `?a=1&a=2`) only; anything else is not kept. */
function queryKey(value: unknown): string | null {
  if (!isPlainObject(value)) return null;
  let key = '';
  for (const k of Object.keys(value)) {
    const v = value[k];
    if (typeof v === 'string') key += `${k.length}:${k}=${v.length}:${v}&`;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) key += `${k.length}:${k}[]=${JSON.stringify(v)}&`;
    else return null;
  }
  return key;
}

function keepQuery(dto: object, key: string, out: Record<string, unknown>): void {
  let kept = validQueries.get(dto);
  if (!kept) validQueries.set(dto, (kept = new Map()));
  if (kept.size >= QUERIES_KEPT) kept.clear();
  for (const v of Object.values(out)) if (Array.isArray(v)) Object.freeze(v);
  kept.set(key, copyOf(out));
}

/** A shallow copy with the same prototype (the DTO's class). */
const copyOf = (o: Record<string, unknown>): Record<string, unknown> => Object.assign(Object.create(Object.getPrototypeOf(o) as object | null) as object, o);

function applyNullRules(body: Record<string, unknown>, shape: DtoShape): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  const refused: { field: string; message: string }[] = [];
  for (const key of Object.keys(body)) {
    if (body[key] !== null) continue;
    const rule = shape.nulls.get(key);
    if (rule === 'empty') (out ??= { ...body })[key] = '';
    else if (rule === 'refuse') refused.push({ field: key, message: 'must not be null' });
  }
  if (refused.length) throw invalidFields(refused);
  return out ?? body;
}

export function createValidationPipe(): ValidationPipe {
  return new CrmValidationPipe();
}
