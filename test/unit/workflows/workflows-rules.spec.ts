import '../../../src/domain/crm/event-kinds';
import { render } from '../../../src/domain/crm/workflows/workflow-actions';
import { eventRecordKind, eventStarts, holds, MAX_DEPTH, nextInTurn, originAllows, parseDefinition, retryDelayMinutes } from '../../../src/domain/crm/workflows/workflows.rules';

const TASK = { type: 'create_task', title: 'Call {{company}}' };
const problems = (raw: object): string => {
  try {
    parseDefinition(raw);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('workflow definitions', () => {
  it('accepts each trigger kind and fills the defaults (assignee owner, calendar at 09:00 for 30 minutes)', () => {
    expect(parseDefinition({ trigger: { kind: 'event', event: 'lead_created' }, actions: [TASK] })).toEqual({
      trigger: { kind: 'event', event: 'lead_created', filter: null },
      conditions: null,
      actions: [{ type: 'create_task', title: 'Call {{company}}', assignee: { kind: 'owner' } }],
    });
    expect(parseDefinition({ trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'add_calendar_entry', title: 'Visit' }] }).actions[0]).toEqual({
      type: 'add_calendar_entry', title: 'Visit', in_days: 0, at: '09:00', duration_min: 30,
    });
    expect(parseDefinition({ trigger: { kind: 'hook', hook_id: 4 }, actions: [TASK] }).trigger).toEqual({ kind: 'hook', hook_id: 4 });
    expect(parseDefinition({ trigger: { kind: 'time', watch: 'task_overdue', days: 3 }, actions: [{ type: 'update_fields', fields: { priority: 'High' } }] }).trigger).toEqual({ kind: 'time', watch: 'task_overdue', days: 3 });
  });

  it.each([
    [{ actions: [TASK] }, 'trigger: is required'],
    [{ trigger: { kind: 'event', event: 'lead_created', extra: 1 }, actions: [TASK] }, 'trigger.extra: unknown property'],
    [{ trigger: { kind: 'event', event: 'opp_won', filter: { conditions: [{ field: 'email', op: 'eq', value: 1 }] } }, actions: [TASK] }, 'trigger.filter.conditions[0].field: email is not a data field'],
    [{ trigger: { kind: 'time', watch: 'opportunity_in_stage', days: 2 }, actions: [TASK] }, 'trigger.stage: is required'],
    [{ trigger: { kind: 'event', event: 'lead_created' }, actions: [{ type: 'assign_owner', assignee: { kind: 'owner' } }] }, 'actions[0].assignee.kind'],
    [{ trigger: { kind: 'event', event: 'lead_created' }, actions: [{ type: 'add_note', text: 'x' }] }, 'actions[0]: add_note works on an opportunity'],
    [{ trigger: { kind: 'event', event: 'lead_created' }, actions: [{ type: 'create_task', title: 'x', assignee: { kind: 'round_robin', user_ids: [] } }] }, 'actions[0].assignee.user_ids'],
    [{ trigger: { kind: 'event', event: 'lead_created' }, actions: [{ type: 'branch', if: null }] }, 'actions[0].if: is required'],
    [{ trigger: { kind: 'manual', record_kind: 'task' }, actions: [{ type: 'update_fields', fields: { due_date: 'tomorrow' } }] }, 'actions[0].fields.due_date'],
    [{ trigger: { kind: 'manual', record_kind: 'opportunity' }, actions: [{ type: 'update_fields', fields: { value: 'a lot' } }] }, 'actions[0].fields.value'],
  ])('refuses %j naming the part', (raw, message) => {
    expect(problems(raw)).toContain(message);
  });

  it("acts on the record an event kind declares: a website form's task, an opportunity's event's opportunity, none for the ERP's alert", () => {
    expect(['form_submitted', 'opp_won', 'customer_created', 'visit_created', 'erp_stalled', 'nope'].map(eventRecordKind)).toEqual(['task', 'opportunity', 'company', 'activity', null, null]);
    // the engine's run of a form_submitted rule is about the task the form made (its event's record), so a task's fields may be set
    expect(parseDefinition({ trigger: { kind: 'event', event: 'form_submitted' }, actions: [{ type: 'update_fields', fields: { priority: 'High' } }] }).actions).toHaveLength(1);
    expect(problems({ trigger: { kind: 'event', event: 'customer_created' }, actions: [{ type: 'update_fields', fields: { priority: 'High' } }] })).toContain('update_fields cannot change a company');
  });

  it('matches events by kind and filter, and conditions on the context', () => {
    const t = parseDefinition({ trigger: { kind: 'event', event: 'opp_stage', filter: { conditions: [{ field: 'stage', op: 'in', value: ['Win', 'Lost'] }] } }, actions: [{ type: 'add_note', text: 'x' }] }).trigger;
    expect(eventStarts(t, 'opp_stage', { stage: 'Win' })).toBe(true);
    expect(eventStarts(t, 'opp_stage', { stage: 'Qualify' })).toBe(false);
    expect(eventStarts(t, 'opp_won', { stage: 'Win' })).toBe(false);
    expect(holds({ match: 'all', conditions: [{ field: 'record.owner_id', op: 'eq', value: 3 }] }, { record: { owner_id: 3 } })).toBe(true);
    expect(holds(null, {})).toBe(true);
  });

  it('limits the depth and refuses a rule its own change', () => {
    expect(originAllows(5, null)).toEqual({ ok: true, depth: 1 });
    expect(originAllows(5, { workflow_id: 5, depth: 1 })).toEqual({ ok: false, reason: 'self' });
    expect(originAllows(5, { workflow_id: 6, depth: MAX_DEPTH - 1 })).toEqual({ ok: true, depth: MAX_DEPTH });
    expect(originAllows(5, { workflow_id: 6, depth: MAX_DEPTH })).toEqual({ ok: false, reason: 'depth' });
    // a hook's change is not a workflow's: depth 1
    expect(originAllows(5, { hook_id: 2 } as never)).toEqual({ ok: true, depth: 1 });
  });

  it('takes turns, retries with backoff and renders the context into texts', () => {
    expect([null, 7, 8, 9, 42].map((last) => nextInTurn([7, 8, 9], last))).toEqual([7, 8, 9, 7, 7]);
    expect([0, 1, 2, 3].map(retryDelayMinutes)).toEqual([1, 5, 30, null]);
    expect(render('Call {{company}} ({{record.owner_id}}){{missing}}', { company: 'Ege', record: { owner_id: 3 } })).toBe('Call Ege (3)');
  });
});
