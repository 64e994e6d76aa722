import { DomainError } from '../../../src/platform/common/errors';
import { checkFilterFields, describeFilter, EventFilter, matchesFilter, MAX_FILTER_CONDITIONS, parseEventFilter, valueAt } from '../../../src/domain/integrations/event-filter';
import { erpStalledEvent } from '../../../src/domain/crm/orders/erp-events';
import { CRM_EVENT_NAMES } from '../../../src/domain/crm/event-kinds';
import { eventKind, eventKinds } from '../../../src/platform/outbox/event-kinds';
import { oppCreatedEvent, oppLostEvent, oppStageEvent, oppWonEvent } from '../../../src/domain/crm/opportunities/opportunity-events';
import { ticketCreated } from '../../../src/domain/crm/tickets/ticket.view';
import { defaultConstants } from '../../../src/domain/workspace/defaults';
import type { Workspace } from '../../../src/domain/workspace/workspace.entity';
import type { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import type { Company } from '../../../src/domain/crm/companies/company.entity';
import type { User } from '../../../src/domain/identity/user.entity';
import type { Ticket } from '../../../src/domain/crm/tickets/ticket.entity';

/** Installation constants come from the defaults, never literals: the won and an open stage of this workspace. */
const constants = defaultConstants();
const WON = Object.entries(constants.stage_roles).find(([, r]) => r === 'won')![0];
const OPEN = constants.open_stages[0]!;
const VISIT = constants.visit_types[0]!;
const ws = { id: 1, constants } as unknown as Workspace;
const owner = { id: 3, username: 'ayse', fullName: 'Ayşe Kaya' } as User;
const customer = { id: 12, name: 'Kimya A.Ş.' } as Company;
const opp = (stage: string, o: Partial<Opportunity> = {}) =>
  ({ id: 41, name: 'Boiler', customerId: 12, stage, value: 1000, currency: 'TRY', isSample: false, closeReason: '', ...o }) as Opportunity;
const facts = (stage: string, o: Partial<Opportunity> = {}, who: User | null = owner) => ({ ws, opp: opp(stage, o), customer, owner: who });

const parse = (raw: unknown): EventFilter => parseEventFilter(raw)!;
const f = (match: 'all' | 'any', ...conditions: EventFilter['conditions']): EventFilter => ({ match, conditions });

/** The message and named fields of the 400 a bad filter gives. */
function refusal(raw: unknown): { message: string; fields: string[] } {
  try {
    parseEventFilter(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('invalid');
    return { message: (e as DomainError).message, fields: (e as DomainError).extra.fields as string[] };
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

describe('filter validation (at save)', () => {
  it('accepts the documented shapes, defaults match to all, and drops repeated in values', () => {
    expect(parseEventFilter(null)).toBeNull();
    expect(parseEventFilter(undefined)).toBeNull();
    expect(parse({ conditions: [{ field: 'stage', op: 'in', value: [WON, WON, OPEN] }] })).toEqual(f('all', { field: 'stage', op: 'in', value: [WON, OPEN] }));
    expect(parse({ match: 'any', conditions: [{ field: 'owner.id', op: 'eq', value: 3 }, { field: 'customer_id', op: 'not', value: null }] }).match).toBe('any');
  });

  it.each([
    [{ conditions: [{ field: 'stage', op: 'gt', value: 1 }] }, 'filter.conditions[0].op', 'unknown operator gt; one of eq, in, not'],
    [{ conditions: [{ field: 'stage', op: 'in', value: [] }] }, 'filter.conditions[0].value', 'must not be empty for in'],
    [{ conditions: [{ field: 'stage', op: 'in', value: 'x' }] }, 'filter.conditions[0].value', 'must be a list of values for in'],
    [{ conditions: [{ field: 'Stage', op: 'eq', value: 'x' }] }, 'filter.conditions[0].field', 'must be a dotted path'],
    [{ conditions: [{ field: 'owner..id', op: 'eq', value: 1 }] }, 'filter.conditions[0].field', 'must be a dotted path'],
    [{ conditions: [{ field: 'a.b.c.d.e', op: 'eq', value: 1 }] }, 'filter.conditions[0].field', 'at most 4 levels'],
    [{ conditions: [{ field: 'stage', op: 'eq', value: { a: 1 } }] }, 'filter.conditions[0].value', 'must be a string'],
    [{ conditions: [{ field: 'stage', op: 'eq' }] }, 'filter.conditions[0].value', 'is required'],
    [{ conditions: [{ field: 'stage', op: 'in', value: [1, [2]] }] }, 'filter.conditions[0].value[1]', 'must be a string'],
    [{ conditions: [{ field: 'stage', op: 'eq', value: 1, extra: true }] }, 'filter.conditions[0].extra', 'unknown property'],
    [{ match: 'some', conditions: [{ field: 'stage', op: 'eq', value: 1 }] }, 'filter.match', 'must be one of all, any'],
    [{ conditions: [] }, 'filter.conditions', 'at least one condition'],
    [{ conditions: 'stage=Win' }, 'filter.conditions', 'must be a list'],
    [{ where: [] , conditions: [{ field: 'stage', op: 'eq', value: 1 }] }, 'filter.where', 'unknown property'],
    [{ conditions: Array.from({ length: MAX_FILTER_CONDITIONS + 1 }, () => ({ field: 'stage', op: 'eq', value: 1 })) }, 'filter.conditions', `at most ${MAX_FILTER_CONDITIONS} conditions (found 11)`],
    [[{ field: 'stage' }], 'filter', 'must be an object'],
  ])('refuses %j naming %s', (raw, field, text) => {
    const r = refusal(raw);
    expect(r.fields[0]).toBe(field);
    expect(r.message).toContain(`${field}: `);
    expect(r.message).toContain(text);
  });

  it('names every bad condition, not only the first', () => {
    const r = refusal({ conditions: [{ field: 'stage', op: 'eq', value: 1 }, { field: 'x', op: 'like', value: 1 }, { field: 'y', op: 'in', value: [] }] });
    expect(r.fields).toEqual(['filter.conditions[1].op', 'filter.conditions[2].value']);
  });

  it('refuses a field that none of the subscribed kinds carries (a filter that would drop every event)', () => {
    const fieldsOf = (e: string) => eventKind(e)!.dataFields;
    expect(() => checkFilterFields(parse({ conditions: [{ field: 'owner.id', op: 'eq', value: 3 }] }), ['opp_stage'], fieldsOf)).not.toThrow();
    expect(() => checkFilterFields(parse({ conditions: [{ field: 'priority', op: 'eq', value: 'x' }] }), ['opp_stage', 'ticket_created'], fieldsOf)).not.toThrow();
    expect(() => checkFilterFields(parse({ conditions: [{ field: 'stgae', op: 'eq', value: 'x' }] }), ['opp_stage'], fieldsOf)).toThrow(
      /filter\.conditions\[0\]\.field: stgae is not a data field of the subscribed events \(id, rid, name, customer, customer_id, stage/,
    );
  });
});

describe('the data fields of each kind (what a filter may name)', () => {
  it('are registered for every kind the CRM declares, once each', () => {
    expect(eventKinds().map((k) => k.name)).toEqual(CRM_EVENT_NAMES);
    expect(new Set(CRM_EVENT_NAMES).size).toBe(CRM_EVENT_NAMES.length);
  });

  it('match the data the event builders produce', () => {
    for (const ev of [oppCreatedEvent(facts(OPEN)), oppStageEvent(facts(WON), OPEN, WON), oppWonEvent(facts(WON)), oppLostEvent(facts(OPEN))]) {
      expect(Object.keys(ev.data).sort()).toEqual([...eventKind(ev.event)!.dataFields].sort());
      // the journal lets non-admins read an event by the record its kind declares: the builder's record_type is that one
      expect(ev.recordType).toBe(eventKind(ev.event)!.record?.type);
    }
    const t = ticketCreated({ workspaceId: 1, id: 5, subject: 'Leak', priority: 'High', who: 'Ali', isSample: false } as Ticket);
    expect(Object.keys(t.data).sort()).toEqual([...eventKind('ticket_created')!.dataFields].sort());
    expect(t.recordType).toBe(eventKind('ticket_created')!.record?.type);
    const stall = erpStalledEvent({ workspaceId: 1, timezone: 'Europe/Istanbul', stallId: 3, stallMinutes: 30, waiting: 2, oldestWaitingAt: new Date('2026-11-26T06:00:00Z'), lastPollAt: null });
    expect(Object.keys(stall.data).sort()).toEqual([...eventKind('erp_stalled')!.dataFields].sort());
    expect(eventKind('erp_stalled')!.record).toBeUndefined(); // an alert about no record: admins only
    expect(stall).toMatchObject({ event: 'erp_stalled', url: '/settings/erp', data: { waiting: 2, oldest_waiting_at: '2026-11-26T09:00:00', last_poll_at: null, stall_minutes: 30 } });
  });
});

describe('matching at dispatch, per event kind', () => {
  it('passes everything without a filter', () => {
    expect(matchesFilter(null, {})).toBe(true);
    expect(matchesFilter(undefined, { stage: WON })).toBe(true);
  });

  it('opp_stage / opp_won / opp_lost / opp_created: stage in [won], owner.id, customer_id', () => {
    const won = f('all', { field: 'stage', op: 'in', value: [WON] });
    expect(matchesFilter(won, oppStageEvent(facts(WON), OPEN, WON).data)).toBe(true);
    expect(matchesFilter(won, oppStageEvent(facts(OPEN), WON, OPEN).data)).toBe(false);
    expect(matchesFilter(won, oppWonEvent(facts(WON)).data)).toBe(true);
    expect(matchesFilter(won, oppCreatedEvent(facts(OPEN)).data)).toBe(false);
    const mine = f('all', { field: 'owner.id', op: 'eq', value: 3 }, { field: 'customer_id', op: 'eq', value: 12 });
    expect(matchesFilter(mine, oppLostEvent(facts(OPEN)).data)).toBe(true);
    expect(matchesFilter(mine, oppLostEvent(facts(OPEN, { customerId: 13 })).data)).toBe(false);
    // no owner: owner.id is missing, equals nothing, and differs from everything
    expect(matchesFilter(mine, oppLostEvent(facts(OPEN, {}, null)).data)).toBe(false);
    expect(matchesFilter(f('all', { field: 'owner.id', op: 'not', value: 3 }), oppCreatedEvent(facts(OPEN, {}, null)).data)).toBe(true);
    expect(matchesFilter(f('all', { field: 'owner.id', op: 'not', value: 3 }), oppCreatedEvent(facts(OPEN)).data)).toBe(false);
  });

  it('strict comparison: 3 is not "3", a number field is not its text', () => {
    const data = oppCreatedEvent(facts(OPEN)).data;
    expect(matchesFilter(f('all', { field: 'customer_id', op: 'eq', value: '12' }), data)).toBe(false);
    expect(matchesFilter(f('all', { field: 'customer_id', op: 'in', value: [11, 12] }), data)).toBe(true);
  });

  it('customer_created: status and city', () => {
    const data = { id: 1, rid: 'C1', name: 'Kimya', status: constants.customer_statuses[0], source: '', city: 'Izmir' };
    expect(matchesFilter(f('all', { field: 'city', op: 'eq', value: 'Izmir' }), data)).toBe(true);
    expect(matchesFilter(f('all', { field: 'status', op: 'not', value: constants.customer_statuses[0]! }), data)).toBe(false);
  });

  it('contact_created and form_submitted: customer_id; form_submitted: new_customer (a boolean)', () => {
    const contact = { id: 2, name: 'Ada', email: 'a@x.test', phone: '', title: '', customer: 'Kimya', customer_id: 12 };
    expect(matchesFilter(f('all', { field: 'customer_id', op: 'eq', value: 12 }), contact)).toBe(true);
    const form = { form: 'Contact us', company: 'Kimya', name: 'Ada', email: '', phone: '', customer_id: 12, task_id: 9, new_customer: true };
    expect(matchesFilter(f('all', { field: 'new_customer', op: 'eq', value: true }), form)).toBe(true);
    expect(matchesFilter(f('all', { field: 'new_customer', op: 'eq', value: 'true' }), form)).toBe(false);
  });

  it('visit_created: type in the workspace visit types, any of', () => {
    const data = { id: 3, customer: 'Kimya', type: VISIT, date: '2026-03-03', next_action: null, note: '' };
    const any = f('any', { field: 'type', op: 'in', value: [VISIT] }, { field: 'customer', op: 'eq', value: 'Other' });
    expect(matchesFilter(any, data)).toBe(true);
    expect(matchesFilter({ ...any, match: 'all' }, data)).toBe(false);
    // null is a value: next_action null equals null, a missing field does not
    expect(matchesFilter(f('all', { field: 'next_action', op: 'eq', value: null }), data)).toBe(true);
    expect(matchesFilter(f('all', { field: 'outcome', op: 'eq', value: null }), data)).toBe(false);
  });

  it('lead_created and ticket_created: interest, priority', () => {
    const lead = { id: 4, company: 'Kimya', contact: 'Ada', email: '', interest: 'Boilers' };
    expect(matchesFilter(f('all', { field: 'interest', op: 'not', value: '' }), lead)).toBe(true);
    const priority = 'urgent'; // a key of the workspace's ticket SLA table; any string is compared the same way
    const ticket = ticketCreated({ workspaceId: 1, id: 5, subject: 'Leak', priority, who: 'Ali', isSample: false } as Ticket).data;
    expect(matchesFilter(f('all', { field: 'priority', op: 'in', value: [priority] }), ticket)).toBe(true);
    expect(matchesFilter(f('all', { field: 'priority', op: 'not', value: priority }), ticket)).toBe(false);
  });

  it('reads own properties only, never through arrays or the prototype', () => {
    expect(valueAt({ owner: { id: 3 } }, 'owner.id')).toBe(3);
    expect(valueAt({ owner: [{ id: 3 }] }, 'owner.0')).toBeUndefined();
    expect(valueAt({}, 'constructor')).toBeUndefined();
    expect(valueAt({ a: 'x' }, 'a.length')).toBeUndefined();
  });
});

describe('the card line', () => {
  it('describes one condition plainly and several with their match', () => {
    expect(describeFilter(null)).toBe('');
    expect(describeFilter(f('all', { field: 'stage', op: 'in', value: [WON, OPEN] }))).toBe(`stage in [${WON}, ${OPEN}]`);
    expect(describeFilter(f('any', { field: 'owner.id', op: 'eq', value: 3 }, { field: 'city', op: 'not', value: null }))).toBe('any of: owner.id = 3; city ≠ null');
  });
});
