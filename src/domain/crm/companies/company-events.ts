import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import type { UserContext } from '../../identity/auth-context';
import { recordPath, rid } from '../shared/record-keys';
import type { Company } from './company.entity';
import { MODULES } from '../../workspace/defaults';

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    customer_created: true;
  }
}

/** The events a company records (spec 6.1). */
export const COMPANY_EVENT_KINDS: EventKindList = {
  place: 20,
  kinds: [
    { name: 'customer_created', module: MODULES.customers, dataFields: ['id', 'rid', 'name', 'status', 'source', 'city'], record: { type: 'company', table: 'companies' } },
  ],
};

/** `customer_created` of a company just saved (create and createMany). */
export function companyCreated(auth: UserContext, saved: Company): DomainEvent {
  const where = [saved.city, saved.source ? `source ${saved.source}` : ''].filter(Boolean).join(', ');
  return {
    workspaceId: auth.workspace.id,
    event: 'customer_created',
    title: `New company: ${saved.name}`,
    text: `${saved.name} (${saved.status}${where ? `, ${where}` : ''}) was added by ${auth.user.fullName}.`,
    url: recordPath('company', saved.id),
    data: { id: saved.id, rid: rid('C', saved.id), name: saved.name, status: saved.status, source: saved.source, city: saved.city },
    recordType: 'company',
    recordId: saved.id,
    sample: saved.isSample,
  };
}
