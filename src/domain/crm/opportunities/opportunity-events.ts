import type { DomainEvent } from '../../../platform/outbox/domain-event';
import type { User } from '../../identity/user.entity';
import type { Workspace } from '../../workspace/workspace.entity';
import type { Company } from '../companies/company.entity';
import { recordPath, rid } from '../shared/record-keys';
import type { Opportunity } from './opportunity.entity';
import type { EventKindList } from '../../../platform/outbox/event-kinds';
import { MODULES } from '../../workspace/defaults';

/** The facts every opportunity event is built from. */
export interface OppEventFacts {
  ws: Workspace;
  opp: Opportunity;
  customer: Company | null;
  owner: User | null;
}

const label = (ws: Workspace, stage: string): string => ws.constants.stage_labels[stage] ?? stage;

/** Spec 6.1: the common shape of the opportunity events; `data` is the same for all four kinds. */
function oppEvent(event: 'opp_created' | 'opp_stage' | 'opp_won' | 'opp_lost', f: OppEventFacts, title: string): DomainEvent {
  const { ws, opp: o, customer, owner } = f;
  const stageLabel = label(ws, o.stage);
  return {
    workspaceId: ws.id,
    event,
    title,
    text: `${o.name} · ${customer?.name ?? ''} · ${stageLabel} · ${o.value} ${o.currency}`,
    url: recordPath('opportunity', o.id),
    recordType: 'opportunity',
    recordId: o.id,
    sample: o.isSample,
    data: {
      id: o.id,
      rid: rid('O', o.id),
      name: o.name,
      customer: customer?.name ?? '',
      customer_id: o.customerId,
      stage: o.stage,
      stage_label: stageLabel,
      value: o.value,
      currency: o.currency,
      owner: owner ? { id: owner.id, username: owner.username, full_name: owner.fullName } : null,
    },
  };
}

export const oppCreatedEvent = (f: OppEventFacts): DomainEvent => oppEvent('opp_created', f, `New opportunity: ${f.opp.name}`);

export const oppRevivedEvent = (f: OppEventFacts): DomainEvent => oppEvent('opp_created', f, `Revived opportunity: ${f.opp.name}`);

export const oppStageEvent = (f: OppEventFacts, from: string, to: string): DomainEvent => oppEvent('opp_stage', f, `${f.opp.name}: ${label(f.ws, from)} → ${label(f.ws, to)}`);

export const oppWonEvent = (f: OppEventFacts): DomainEvent => oppEvent('opp_won', f, `Won: ${f.opp.name}`);

export const oppLostEvent = (f: OppEventFacts): DomainEvent => oppEvent('opp_lost', f, `Lost: ${f.opp.name} (${f.opp.closeReason})`);

declare module '../../../platform/outbox/event-kinds' {
  interface EventNames {
    opp_created: true;
    opp_stage: true;
    opp_won: true;
    opp_lost: true;
  }
}

const OPP_FIELDS = ['id', 'rid', 'name', 'customer', 'customer_id', 'stage', 'stage_label', 'value', 'currency', 'owner'] as const;

/** Who may read an opportunity's events: those who see its owner. */
const OPP_RECORD = { type: 'opportunity', table: 'opportunities' } as const;

/** The events an opportunity records (spec 6.1); `data` has the same fields for all four. */
export const OPPORTUNITY_EVENT_KINDS: EventKindList = {
  place: 10,
  kinds: [
    { name: 'opp_created', label: { en: 'an opportunity is created', tr: 'bir fırsat oluşturulduğunda' }, module: MODULES.opportunities, dataFields: OPP_FIELDS, record: OPP_RECORD },
    { name: 'opp_stage', label: { en: 'an opportunity changes stage', tr: 'bir fırsatın aşaması değiştiğinde' }, module: MODULES.opportunities, dataFields: OPP_FIELDS, record: OPP_RECORD },
    { name: 'opp_won', label: { en: 'an opportunity is won', tr: 'bir fırsat kazanıldığında' }, module: MODULES.opportunities, dataFields: OPP_FIELDS, record: OPP_RECORD },
    { name: 'opp_lost', label: { en: 'an opportunity is lost', tr: 'bir fırsat kaybedildiğinde' }, module: MODULES.opportunities, dataFields: OPP_FIELDS, record: OPP_RECORD },
  ],
};
