import * as z from 'zod/v4';
import { isLocalTimestamp } from '../../platform/common/local-time';
import { int, text, typeError } from '../../platform/common/record-input';

/**
 * Tool argument schemas (zod 4, which the MCP SDK 1.32 itself uses as `zod/v4`) with messages that name
 * the problem the way the REST validation does: `required`, `must be an integer`, `at most 200
 * characters`; the ones a record kind's input declares come from `src/platform/common/record-input.ts`.
 * `problemsOf` turns a failed parse into `field: message` texts.
 */

export { amount, date, emailOrEmpty, flag, id, int, INT_MAX, name, text } from '../../platform/common/record-input';

export const limit = () => int(1, 100, 'at most this many results (default 20)');

export const timestamp = (description: string) =>
  z
    .string({ error: typeError('a string') })
    .refine(isLocalTimestamp, 'must be a local time YYYY-MM-DDTHH:mm:ss')
    .describe(`${description} (YYYY-MM-DDTHH:mm:ss, the workspace's local time)`);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.enum(values, { error: (iss) => (iss.input === undefined ? 'required' : `must be one of ${values.join(', ')}`) }).describe(description);

export const email = (description: string) =>
  z.email({ error: (iss) => (iss.input === undefined ? 'required' : 'must be an e-mail address') }).max(254, 'at most 254 characters').describe(description);

/** `field: message` for each problem of a failed parse (unknown arguments named one by one). */
export function problemsOf(error: z.ZodError): string[] {
  const out: string[] = [];
  for (const issue of error.issues) {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) out.push(`${at ? `${at}.` : ''}${k}: unknown argument`);
    else out.push(at ? `${at}: ${issue.message}` : `arguments: ${issue.code === 'invalid_type' ? 'must be an object' : issue.message}`);
  }
  return out;
}

/** A record's key in another system (REST `external_id`, at most 200 characters; '' removes it on an update). */
export const externalId = () => text(200, "the record's key in the system it came from (unique per workspace and kind; imports match on it)");

/** A list tool's filter on that key, as REST's `?external_id=`: the exact key. */
export const externalIdFilter = () => text(200, "only the record with exactly this external_id (another system's key)").optional();

/** A search tool's optional text. */
export const searchQuery = () => text(200, 'text to search for').optional();
