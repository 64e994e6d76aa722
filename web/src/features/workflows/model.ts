import type { Me } from '../../lib/session';
import type { EventKind } from '../../lib/event-kinds';
import type { Schemas } from '../../lib/api';

export type Workflow = Schemas['Workflow'];
export type Trigger = Schemas['WorkflowTrigger'];
export type Action = Schemas['WorkflowAction'];
export type Filter = Schemas['WebhookFilter'];
export type Condition = Filter['conditions'][number];
export type Run = Schemas['WorkflowRun'];
export type RunStep = Schemas['WorkflowRunStep'];
export type EventName = NonNullable<Trigger['event']>;
export type RecordKind = NonNullable<Trigger['record_kind']>;
export type ActionType = Action['type'];

/** What a rule is made of in the editor (the API's shape: the editor writes what POST and PATCH take). */
export interface Draft {
  name: string;
  description: string;
  trigger: Trigger;
  conditions: Filter | null;
  actions: Action[];
}

export const RECORD_KINDS: RecordKind[] = ['opportunity', 'company', 'person', 'lead', 'activity', 'ticket', 'task'];
export const WATCHES = ['opportunity_past_close', 'task_overdue', 'opportunity_in_stage'] as const;
export const ACTION_TYPES: ActionType[] = ['create_task', 'update_fields', 'add_note', 'assign_owner', 'add_calendar_entry', 'send_email', 'post_chat', 'call_webhook', 'create_record', 'create_order', 'branch', 'wait'];
/** Actions that send something out: steps of the rule itself, never inside a branch (the API refuses them there). */
export const REMOTE_TYPES: ActionType[] = ['send_email', 'post_chat', 'call_webhook'];
/** The connection kinds a chat message goes to (the server's CHAT_KINDS). */
export const CHAT_KINDS = ['slack', 'teams', 'google_chat', 'discord', 'telegram'];

/** The fields `update_fields` may set per record kind (workflows.rules.ts UPDATABLE on the server). */
export const UPDATABLE: Partial<Record<RecordKind, string[]>> = {
  opportunity: ['stage', 'name', 'value', 'close_date', 'next_step', 'note', 'type', 'source', 'competitor'],
  task: ['title', 'description', 'due_date', 'priority', 'status'],
};

/**
 * The record kind a trigger's runs are about: for an event, its kind's `record_type` (GET /api/v1/events/kinds: what
 * `update_fields` and `assign_owner` change, as the server's `eventRecordKind` reads it).
 */
export function recordKindOf(t: Trigger, kinds: readonly EventKind[]): RecordKind | null {
  if (t.kind === 'event') {
    const type = kinds.find((k) => k.name === t.event)?.record_type;
    return RECORD_KINDS.find((r) => r === type) ?? null;
  }
  if (t.kind === 'manual') return t.record_kind ?? null;
  if (t.kind === 'time') return t.watch === 'task_overdue' ? 'task' : 'opportunity';
  return null;
}

/** A value list of the workspace for a field, when the field holds one of its constants (never literals). */
export function choicesOf(me: Me, kind: RecordKind | null, field: string): { value: string; label: string }[] | null {
  const c = me.constants;
  const plain = (xs: string[]) => xs.map((x) => ({ value: x, label: x }));
  const bare = field.replace(/^record\./, '');
  if (bare === 'stage') return c.stages.map((s) => ({ value: s, label: c.stage_labels[s] ?? s }));
  if (bare === 'priority' && kind === 'task') return plain(c.task_priorities);
  if (bare === 'status' && kind === 'task') return plain(c.task_statuses);
  if (bare === 'status' && kind === 'company') return plain(c.customer_statuses);
  if (bare === 'type' && kind === 'opportunity') return plain(c.opp_types);
  if (bare === 'type' && kind === 'activity') return plain(c.visit_types);
  if (bare === 'interest' && kind === 'lead') return plain(c.lead_interest);
  return null;
}

/** The address of a record in the app. */
export function recordPath(kind: string, id: number): string | null {
  const base: Record<string, string> = { opportunity: 'opportunities', company: 'companies', person: 'people', lead: 'leads', activity: 'activities', ticket: 'tickets', task: 'tasks', order: 'orders' };
  return base[kind] ? `/${base[kind]}/${id}` : null;
}

/** A fresh action of a type, with the fields its form shows. */
export function newAction(type: ActionType): Action {
  switch (type) {
    case 'create_task':
      return { type, title: '', due_in_days: 1, assignee: { kind: 'owner' } };
    case 'update_fields':
      return { type, fields: {} };
    case 'add_note':
      return { type, text: '' };
    case 'assign_owner':
      return { type, assignee: { kind: 'user' } };
    case 'add_calendar_entry':
      return { type, title: '', in_days: 1, at: '09:00', duration_min: 30 };
    case 'send_email':
      return { type, to: 'owner', subject: '', body: '' };
    case 'post_chat':
      return { type, text: '' };
    case 'call_webhook':
      return { type };
    case 'create_record':
      return { type, object: '', name: '{{record.name}}', fields: {} };
    case 'create_order':
      return { type };
    case 'branch':
      return { type, if: { match: 'all', conditions: [] }, then: [], else: [] };
    case 'wait':
      return { type, minutes: 60 };
  }
}

/** The local date `days` days ago in the workspace's time zone (`since` of a simulation). */
export function daysAgo(days: number, timeZone: string, now = new Date()): string {
  const then = new Date(now.getTime() - days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(then);
}

/** A filter with no condition rows is no filter (the API's null). */
export const filterOrNull = (f: Filter | null | undefined): Filter | null => (f && f.conditions.length > 0 ? f : null);

/** What the editor sends: empty filters as null. */
export function toBody(d: Draft) {
  const trigger: Trigger = d.trigger.kind === 'event' ? { ...d.trigger, filter: filterOrNull(d.trigger.filter) } : d.trigger;
  return { name: d.name.trim(), description: d.description, trigger, conditions: filterOrNull(d.conditions), actions: d.actions };
}
