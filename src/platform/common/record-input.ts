import * as z from 'zod/v4';

/**
 * The argument schemas a record kind's input declares (`src/domain/crm/<kind>/`; the MCP tools take them as they
 * are, `src/interfaces/mcp/mcp.args.ts`), with messages that name the problem the way the REST validation does:
 * `required`, `must be an integer`, `at most 200 characters`.
 */

export const typeError = (what: string) => (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : `must be ${what}`);
export const noNul = (v: string) => !v.includes('\u0000');

export const INT_MAX = 2_147_483_647;

export const text = (max: number, description: string) =>
  z
    .string({ error: typeError('a string') })
    .max(max, `at most ${max} characters`)
    .refine(noNul, 'must not contain NUL')
    .describe(description);

/** A text that must not be blank. */
export const name = (max: number, description: string) =>
  z
    .string({ error: typeError('a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `at most ${max} characters`)
    .refine(noNul, 'must not contain NUL')
    .describe(description);

export const int = (min: number, max: number, description: string) =>
  z
    .int({ error: typeError('an integer') })
    .min(min, `at least ${min}`)
    .max(max, `at most ${max}`)
    .describe(description);

export const id = (what: string) => int(1, INT_MAX, `id of the ${what}`);

export const date = (description: string) => z.iso.date({ error: (iss) => (iss.input === undefined ? 'required' : 'must be a date YYYY-MM-DD') }).describe(`${description} (YYYY-MM-DD)`);

export const flag = (description: string) => z.boolean({ error: typeError('true or false') }).describe(description);

/** The e-mail fields a REST DTO made from a declaration checks as e-mail or '' (`FieldsDto`). */
export const EMAIL_OR_EMPTY = z.registry<{ maxLength: number }>();

/**
 * An e-mail address or '' (which clears it): REST's optional e-mail fields. Checked here with zod's e-mail pattern,
 * in the REST DTO made from the declaration with class-validator's, as the hand-written DTOs did.
 */
export const emailOrEmpty = (description: string) => {
  const s = z
    .string({ error: typeError('a string') })
    .max(254, 'at most 254 characters')
    .refine((v) => v === '' || z.regexes.email.test(v), 'must be an e-mail address or empty')
    .describe(description);
  EMAIL_OR_EMPTY.add(s, { maxLength: 254 });
  return s;
};

/** Decimal places of a number as written (`1.25` 2, `2e-7` 7, `1.5e21` 0). */
export function decimalPlaces(v: number): number {
  const [mantissa, exp] = String(Math.abs(v)).split('e');
  return Math.max(0, (mantissa!.split('.')[1] ?? '').length - Number(exp ?? 0));
}

/** The decimal places an `amount` allows, for the REST DTO made from a declaration (`FieldsDto`). */
export const AMOUNT_PLACES = z.registry<{ places: number }>();

/**
 * A money value or quantity: a number from 0 to `max` (default 1e11), with at most `places` decimals when given;
 * `example` is the documents' example (`examples` of its JSON Schema).
 */
export const amount = (description: string, opts: { places?: number; max?: number; example?: number } = {}) => {
  const max = opts.max ?? 1e11;
  const n = z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'must be a number') })
    .min(0, 'at least 0')
    .max(max, `at most ${max}`);
  const places = opts.places;
  const checked = places === undefined ? n : n.refine((v) => decimalPlaces(v) <= places, `at most ${places} decimal places`);
  const described = checked.meta({ description, ...(opts.example !== undefined ? { examples: [opts.example] } : {}) });
  if (places !== undefined) AMOUNT_PLACES.add(described, { places });
  return described;
};

/**
 * An optional field that may also be sent as null, the same as leaving it out (REST's nullable fields), described at
 * the top as it is inside: a client reads the description where the schema is `anyOf` the value or null.
 */
export const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().optional().describe(schema.description ?? '');

type Camel<S extends string> = S extends `${infer H}_${infer R}` ? `${H}${Capitalize<Camel<R>>}` : S;
/** A command's fields under their entity property names (`customer_po` → `customerPo`). */
export type StoredFields<T> = { [K in keyof T as K extends string ? Camel<K> : never]: T[K] };

/**
 * The declared fields of a create command that the command does not treat itself, under the entity's property names,
 * to be stored as they came: a plain field added to a kind's declared fields reaches its column without an edit of the
 * command. tsc refuses a field whose property the entity lacks or types otherwise (the `entity` argument names it).
 * Only the keys of `declared` (the kind's declared fields) are read: an extra key an import, a hook or a caller's object
 * carries never reaches an entity property (an `id` or a `workspace_id` among them).
 */
export function storedAsIs<E, T extends object, K extends keyof T>(
  entity: abstract new () => E,
  input: T & (StoredFields<Omit<T, K>> extends Partial<E> ? unknown : { 'a declared field the entity lacks or types otherwise': keyof StoredFields<Omit<T, K>> }),
  handled: readonly K[],
  declared: { readonly shape: object },
): Partial<E> {
  const skip = new Set<PropertyKey>(handled);
  const given = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(declared.shape)) {
    const value = given[key];
    if (skip.has(key) || value === undefined) continue;
    out[key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
  }
  return out as Partial<E>;
}
