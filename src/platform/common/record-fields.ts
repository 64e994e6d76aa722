import { z } from 'zod';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * Field types that recur in every record's read model (zod): the domain declares a record's one schema with them,
 * and the OpenAPI kit (`src/edge/openapi/schema.ts`, `f`) and the MCP output schemas use the same ones.
 */
export const field = {
  /** A record id (positive integer). */
  id: () => z.int().min(1),
  /** A non-negative count or amount in whole units. */
  count: () => z.int().min(0),
  /** `YYYY-MM-DD`. */
  date: () => z.string().regex(DATE).meta({ format: 'date', example: '2026-11-26' }),
  /** `YYYY-MM-DDTHH:mm:ss` in the workspace's local time (no offset). */
  timestamp: () => z.string().regex(LOCAL_TIMESTAMP).meta({ description: 'local time of the workspace, no offset', example: '2026-11-26T09:30:00' }),
};

/** The mask zod's `omit` and `pick` take, from a list of keys. */
export const maskOf = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };

/** A record without the fields a projection leaves out (the runtime twin of `schema.omit(maskOf(keys))`). */
export function without<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Omit<T, K> {
  const out = { ...record };
  for (const k of keys) delete out[k];
  return out;
}
