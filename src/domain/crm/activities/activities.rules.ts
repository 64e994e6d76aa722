/**
 * What a Quick Entry form's blocks (spec 2.11) leave on a visit: block key -> field key -> value, the
 * blocks and fields of QE_BLOCK_FIELDS only (pure, table-tested in test/unit/activities/activity-blocks.spec.ts).
 */
import { invalidFields } from '../../../platform/common/errors';
import { QE_BLOCK_FIELDS, QeBlockKey } from './activity-blocks';

export type ActivityBlocks = Partial<Record<QeBlockKey, Record<string, string>>>;

const MAX_VALUE = 500;
const ID = /^[1-9]\d{0,9}$/;
const NUMBER = /^\d{1,12}(\.\d{1,6})?$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** Fields with a shape: ids, numbers (a dot for decimals, as the suggestions write them) and dates. */
const SHAPES: Record<string, [RegExp, string]> = {
  person_id: [ID, 'a person id'],
  opp_id: [ID, 'an opportunity id'],
  product_id: [ID, 'a product id'],
  price: [NUMBER, 'a number such as 12.5'],
  kg: [NUMBER, 'a number such as 5000'],
  payment_days: [/^\d{1,4}$/, 'a whole number of days'],
  date: [DATE, 'a date YYYY-MM-DD'],
};

/**
 * The blocks as stored: known blocks and fields only (400 `invalid` naming `blocks.<k>.<field>` otherwise),
 * string values of at most 500 characters in their shape; empty values and empty blocks are left out.
 */
export function normalizeBlocks(input: unknown): ActivityBlocks {
  if (input === null || input === undefined) return {};
  const problems: { field: string; message: string }[] = [];
  const out: ActivityBlocks = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw invalidFields([{ field: 'blocks', message: 'must be an object of block key -> fields' }]);
  for (const [k, fields] of Object.entries(input as Record<string, unknown>)) {
    const known = (QE_BLOCK_FIELDS as Record<string, readonly string[]>)[k];
    if (!known) {
      problems.push({ field: `blocks.${k}`, message: `unknown block; one of ${Object.keys(QE_BLOCK_FIELDS).join(', ')}` });
      continue;
    }
    if (fields === null) continue;
    if (typeof fields !== 'object' || Array.isArray(fields)) {
      problems.push({ field: `blocks.${k}`, message: 'must be an object of field key -> string' });
      continue;
    }
    const block: Record<string, string> = {};
    for (const [f, raw] of Object.entries(fields as Record<string, unknown>)) {
      const name = `blocks.${k}.${f}`;
      if (!known.includes(f)) problems.push({ field: name, message: `unknown field; one of ${known.join(', ')}` });
      else if (raw === null || raw === '') continue;
      else if (typeof raw !== 'string') problems.push({ field: name, message: 'must be a string' });
      else if (raw.length > MAX_VALUE) problems.push({ field: name, message: `at most ${MAX_VALUE} characters` });
      else if (SHAPES[f] && !SHAPES[f][0].test(raw.trim())) problems.push({ field: name, message: `must be ${SHAPES[f][1]}` });
      else block[f] = SHAPES[f] ? raw.trim() : raw;
    }
    if (Object.keys(block).length) out[k as QeBlockKey] = block;
  }
  if (problems.length) throw invalidFields(problems);
  return out;
}
