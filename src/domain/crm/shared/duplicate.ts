import { DomainError } from '../../../platform/common/errors';
import { rid } from './record-keys';

const LEGAL_FORMS = new Set([
  'ltd', 'limited', 'inc', 'llc', 'gmbh', 'ag', 'kg', 'co', 'corp', 'sa', 'sas', 'srl', 'spa', 'bv', 'nv', 'plc',
  'as', 'sti', 'san', 'tic', 've', 'and', 'the', 'company', 'sirketi', 'anonim', 'limited',
]);

/** Name key for duplicate matching: accents, case, punctuation and legal-form words removed. */
export function normalizeName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    // dotted abbreviations are one word: "a.s." -> "as", "s.a.s" -> "sas"
    .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !LEGAL_FORMS.has(w));
  return (kept.length ? kept : words).join(' ').slice(0, 200);
}

/**
 * 409 `duplicate` of a company or person create. The answer names the existing record (message, and
 * `existing: {id, name}`) only when the caller may see it; a record the caller cannot see is only said
 * to exist, so the duplicate check does not reveal what the visibility rules hide. In-process callers
 * that act on the match (lead conversion links the existing contact) read `record`, which never goes
 * on the wire.
 */
export class DuplicateError extends DomainError {
  constructor(
    readonly record: { id: number; name: string },
    what: 'company' | 'person',
    why: string,
    visible: boolean,
  ) {
    const named = visible ? `: ${record.name} (${rid(what === 'company' ? 'C' : 'P', record.id)})` : ' that you cannot see';
    super('duplicate', `a ${what} with ${why} already exists${named}; send force: true to create it anyway`, visible ? { existing: { id: record.id, name: record.name } } : {});
  }
}
