import type { SchemaObject } from '@nestjs/swagger';

type Schema = SchemaObject & { $ref?: string; const?: unknown; example?: unknown };
const MISSING = Symbol('no example');

/**
 * The example of a component schema: its own, else composed from its parts' examples (a list
 * response from its item's, an envelope from its record's). Undefined when some required part has
 * none: the document test then names the schema that needs one.
 */
export function exampleOf(schemas: Record<string, unknown>, id: string): unknown {
  const v = build(schemas, { $ref: `#/components/schemas/${id}` }, 0);
  return v === MISSING ? undefined : v;
}

function build(schemas: Record<string, unknown>, s: Schema | undefined, depth: number): unknown {
  if (!s || depth > 12) return MISSING;
  if (s.example !== undefined) return s.example;
  if (s.$ref) return build(schemas, schemas[s.$ref.replace('#/components/schemas/', '')] as Schema, depth + 1);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  for (const list of [s.allOf, s.oneOf, s.anyOf]) if (list?.length) return build(schemas, list[0] as Schema, depth + 1);
  if (s.nullable && !s.type && !s.properties) return null;
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(s.properties ?? {})) {
        const v = build(schemas, p as Schema, depth + 1);
        if (v === MISSING) {
          if (s.required?.includes(k)) return MISSING;
          continue;
        }
        out[k] = v;
      }
      return out;
    }
    case 'array': {
      const item = build(schemas, s.items as Schema, depth + 1);
      return item === MISSING ? [] : [item];
    }
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1.5;
    case 'boolean':
      return true;
    default:
      return s.nullable ? null : MISSING;
  }
}
