import { DomainError } from '../../../platform/common/errors';
import { rid } from './event-data';

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
