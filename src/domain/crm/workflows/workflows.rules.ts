import { invalidFields } from '../../../platform/common/errors';
import { eventKind } from '../../../platform/outbox/event-kinds';
import { checkFilterFields, EventFilter, matchesFilter, parseEventFilter } from '../../integrations/event-filter';

/**
 * A workflow's definition (spec 6.1 names workflows as an origin of changes; beyond the spec:
 * docs/decisions/workflows.md): a trigger, conditions in the webhook filters' language (event-filter.ts)
 * and ordered actions. Pure: checked at save (`parseDefinition`), applied by the engine.
 */

export const TRIGGER_KINDS = ['event', 'manual', 'hook', 'time'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
/** Record kinds a rule may act on (the kinds events are about). */
export const RECORD_KINDS = ['opportunity', 'company', 'person', 'lead', 'activity', 'ticket', 'task'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
/** What a time trigger watches: an open opportunity N days past its close date; an open task N days overdue. */
export const TIME_WATCHES = ['opportunity_past_close', 'task_overdue', 'opportunity_in_stage'] as const;
export type TimeWatch = (typeof TIME_WATCHES)[number];
export const ACTION_TYPES = ['create_task', 'update_fields', 'add_note', 'assign_owner', 'add_calendar_entry', 'send_email', 'post_chat', 'call_webhook', 'create_record', 'create_order', 'branch', 'wait'] as const;
/**
 * Actions that reach outside the CRM (a mail server, a chat, a webhook receiver): each is a step of its own, run
 * outside any transaction and retried with the engine's backoff when its target does not answer; not inside a
 * branch, whose actions share one transaction (a retry would send the branch's earlier messages again).
 */
export const REMOTE_ACTIONS = ['send_email', 'post_chat', 'call_webhook'] as const;
export const isRemote = (a: { type: string }): boolean => (REMOTE_ACTIONS as readonly string[]).includes(a.type);
/** Who a `send_email` goes to: the record's owner, or the main contact (`is_main`) of the record's company. */
export const EMAIL_RECIPIENTS = ['owner', 'main_contact'] as const;
export type EmailRecipient = (typeof EMAIL_RECIPIENTS)[number];
/** The connection kinds `post_chat` posts to (spec 6.5's chat channels); `call_webhook` takes `webhook` ones. */
export const CHAT_KINDS = ['slack', 'teams', 'google_chat', 'discord', 'telegram'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const ASSIGNEE_KINDS = ['owner', 'user', 'round_robin'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];

export type Trigger =
  | { kind: 'event'; event: string; filter: EventFilter | null }
  | { kind: 'manual'; record_kind: RecordKind }
  | { kind: 'hook'; hook_id: number }
  | { kind: 'time'; watch: TimeWatch; days: number; stage?: string };

export type Assignee = { kind: 'owner' } | { kind: 'user'; user_id: number } | { kind: 'round_robin'; user_ids: number[] };

export type Action =
  | { type: 'create_task'; when?: EventFilter | null; title: string; description?: string; due_in_days?: number; due_field?: string; priority?: string; assignee: Assignee }
  | { type: 'update_fields'; when?: EventFilter | null; fields: Record<string, string | number | boolean | null> }
  | { type: 'add_note'; when?: EventFilter | null; text: string }
  | { type: 'assign_owner'; when?: EventFilter | null; assignee: Assignee }
  | { type: 'add_calendar_entry'; when?: EventFilter | null; title: string; in_days: number; at: string; duration_min: number }
  | { type: 'send_email'; when?: EventFilter | null; to: EmailRecipient; subject: string; body: string }
  | { type: 'post_chat'; when?: EventFilter | null; connection_id: number; text: string }
  | { type: 'call_webhook'; when?: EventFilter | null; connection_id: number }
  | { type: 'create_record'; when?: EventFilter | null; object: string; name: string; fields: Record<string, string> }
  | { type: 'create_order'; when?: EventFilter | null; text?: string; due_in_days?: number }
  | { type: 'branch'; when?: EventFilter | null; if: EventFilter; then: Action[]; else: Action[] }
  | { type: 'wait'; when?: EventFilter | null; minutes: number };

export interface Definition {
  trigger: Trigger;
  conditions: EventFilter | null;
  actions: Action[];
}

export const MAX_ACTIONS = 20;
export const MAX_WAIT_MINUTES = 90 * 24 * 60;
export const MAX_DAYS = 365;
/** The fields `update_fields` may set, per record kind (each goes through the kind's own service). */
export const UPDATABLE: Partial<Record<RecordKind, readonly string[]>> = {
  opportunity: ['stage', 'name', 'value', 'close_date', 'next_step', 'note', 'type', 'source', 'competitor'],
  task: ['title', 'description', 'due_date', 'priority', 'status'],
};
/** The type of each field `update_fields` may set (the REST PATCH's; the service checks the values against the workspace). */
const FIELD_TYPES: Record<string, 'text' | 'amount' | 'date' | 'required'> = { value: 'amount', close_date: 'date', due_date: 'date', name: 'required', title: 'required', stage: 'required', priority: 'required', status: 'required' };
const FIELD_CHECKS: Record<'text' | 'amount' | 'date' | 'required', (v: unknown) => boolean> = {
  text: (v) => typeof v === 'string' && v.length <= 2000,
  required: (v) => typeof v === 'string' && v.trim().length > 0 && v.length <= 200,
  amount: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  date: (v) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
};
const FIELD_HINTS: Record<'text' | 'amount' | 'date' | 'required', string> = {
  text: 'must be text of at most 2000 characters',
  required: 'must be non-empty text of at most 200 characters',
  amount: 'must be a number of at least 0',
  date: 'must be a date YYYY-MM-DD or null',
};

/** Kinds an `assign_owner` can change (the task's assignee stands for its owner). */
export const ASSIGNABLE: readonly RecordKind[] = ['opportunity', 'task'];

type Problem = { field: string; message: string };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2147483647;
const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

function unknownKeys(raw: Record<string, unknown>, allowed: string[], at: string, problems: Problem[]): void {
  for (const k of Object.keys(raw)) if (!allowed.includes(k)) problems.push({ field: `${at}.${k}`, message: `unknown property; allowed: ${allowed.join(', ')}` });
}

/** A filter checked like a webhook filter; its problems are collected (named by `at`) rather than thrown. */
function filterAt(raw: unknown, at: string, problems: Problem[]): EventFilter | null {
  try {
    return parseEventFilter(raw, at);
  } catch (e) {
    problems.push(...problemsOf(e, at));
    return null;
  }
}

/** The problems an `invalidFields` error names (its message is `field: message; field: message`). */
function problemsOf(e: unknown, at: string): Problem[] {
  const message = e instanceof Error ? e.message : 'is invalid';
  return message.split('; ').map((part) => {
    const i = part.indexOf(': ');
    return i > 0 ? { field: part.slice(0, i), message: part.slice(i + 2) } : { field: at, message: part };
  });
}

export function parseTrigger(raw: unknown, problems: Problem[]): Trigger | null {
  const at = 'trigger';
  if (!isObject(raw)) {
    problems.push({ field: at, message: `must be an object with kind (${TRIGGER_KINDS.join(', ')})` });
    return null;
  }
  const before = problems.length;
  switch (raw.kind) {
    case 'event': {
      unknownKeys(raw, ['kind', 'event', 'filter'], at, problems);
      const kind = typeof raw.event === 'string' ? eventKind(raw.event) : undefined;
      if (!kind) problems.push({ field: `${at}.event`, message: 'must be an event kind of spec 6.1 (e.g. opp_created, opp_stage, lead_created, visit_created)' });
      const filter = filterAt(raw.filter, `${at}.filter`, problems);
      if (kind && filter) {
        try {
          checkFilterFields(filter, [kind.name], (e) => eventKind(e)?.dataFields ?? [], `${at}.filter`);
        } catch (e) {
          problems.push(...problemsOf(e, `${at}.filter`));
        }
      }
      return problems.length > before ? null : { kind: 'event', event: raw.event as string, filter };
    }
    case 'manual':
      unknownKeys(raw, ['kind', 'record_kind'], at, problems);
      if (!(RECORD_KINDS as readonly unknown[]).includes(raw.record_kind)) problems.push({ field: `${at}.record_kind`, message: `must be one of ${RECORD_KINDS.join(', ')}` });
      return problems.length > before ? null : { kind: 'manual', record_kind: raw.record_kind as RecordKind };
    case 'hook':
      unknownKeys(raw, ['kind', 'hook_id'], at, problems);
      if (!isId(raw.hook_id)) problems.push({ field: `${at}.hook_id`, message: 'must be the id of an inbound hook' });
      return problems.length > before ? null : { kind: 'hook', hook_id: raw.hook_id as number };
    case 'time': {
      unknownKeys(raw, ['kind', 'watch', 'days', 'stage'], at, problems);
      if (!(TIME_WATCHES as readonly unknown[]).includes(raw.watch)) problems.push({ field: `${at}.watch`, message: `must be one of ${TIME_WATCHES.join(', ')}` });
      if (!isInt(raw.days, 0, MAX_DAYS)) problems.push({ field: `${at}.days`, message: `must be a whole number of days from 0 to ${MAX_DAYS}` });
      if (raw.watch === 'opportunity_in_stage' && !text(raw.stage, 40)) problems.push({ field: `${at}.stage`, message: 'is required for opportunity_in_stage (a stage of the workspace)' });
      if (raw.watch !== 'opportunity_in_stage' && raw.stage !== undefined) problems.push({ field: `${at}.stage`, message: 'only for opportunity_in_stage' });
      if (problems.length > before) return null;
      return { kind: 'time', watch: raw.watch as TimeWatch, days: raw.days as number, ...(raw.stage !== undefined ? { stage: raw.stage as string } : {}) };
    }
    default:
      problems.push({ field: `${at}.kind`, message: `must be one of ${TRIGGER_KINDS.join(', ')}` });
      return null;
  }
}

function parseAssignee(raw: unknown, at: string, problems: Problem[]): Assignee | null {
  if (!isObject(raw)) {
    problems.push({ field: at, message: `must be an object with kind (${ASSIGNEE_KINDS.join(', ')})` });
    return null;
  }
  switch (raw.kind) {
    case 'owner':
      unknownKeys(raw, ['kind'], at, problems);
      return { kind: 'owner' };
    case 'user':
      unknownKeys(raw, ['kind', 'user_id'], at, problems);
      if (!isId(raw.user_id)) problems.push({ field: `${at}.user_id`, message: 'must be a user id' });
      return isId(raw.user_id) ? { kind: 'user', user_id: raw.user_id } : null;
    case 'round_robin': {
      unknownKeys(raw, ['kind', 'user_ids'], at, problems);
      const ids = raw.user_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 50 || !ids.every(isId)) {
        problems.push({ field: `${at}.user_ids`, message: 'must be a list of 1 to 50 user ids (taken in turn)' });
        return null;
      }
      return { kind: 'round_robin', user_ids: [...new Set(ids as number[])] };
    }
    default:
      problems.push({ field: `${at}.kind`, message: `must be one of ${ASSIGNEE_KINDS.join(', ')}` });
      return null;
  }
}

const SCALAR = (v: unknown) => v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 2000);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PATH = /^[a-z_][a-z0-9_]{0,39}(\.[a-z_][a-z0-9_]{0,39}){0,3}$/;

function parseAction(raw: unknown, at: string, depth: number, problems: Problem[]): Action | null {
  if (!isObject(raw)) {
    problems.push({ field: at, message: `must be an object with type (${ACTION_TYPES.join(', ')})` });
    return null;
  }
  const before = problems.length;
  const when = raw.when === undefined ? undefined : filterAt(raw.when, `${at}.when`, problems);
  const w = when === undefined ? {} : { when };
  switch (raw.type) {
    case 'create_task': {
      unknownKeys(raw, ['type', 'when', 'title', 'description', 'due_in_days', 'due_field', 'priority', 'assignee'], at, problems);
      if (raw.due_field !== undefined && !(typeof raw.due_field === 'string' && PATH.test(raw.due_field))) problems.push({ field: `${at}.due_field`, message: 'must be a dotted path into the context holding a date (e.g. record.next_date)' });
      if (!text(raw.title, 200)) problems.push({ field: `${at}.title`, message: 'is required (at most 200 characters)' });
      if (raw.description !== undefined && !(typeof raw.description === 'string' && raw.description.length <= 4000)) problems.push({ field: `${at}.description`, message: 'must be text of at most 4000 characters' });
      if (raw.due_in_days !== undefined && !isInt(raw.due_in_days, 0, MAX_DAYS)) problems.push({ field: `${at}.due_in_days`, message: `must be a whole number of days from 0 to ${MAX_DAYS}` });
      if (raw.priority !== undefined && !text(raw.priority, 40)) problems.push({ field: `${at}.priority`, message: 'must be a priority of the workspace' });
      const assignee = parseAssignee(raw.assignee ?? { kind: 'owner' }, `${at}.assignee`, problems);
      if (problems.length > before) return null;
      return { type: 'create_task', ...w, title: raw.title as string, ...(raw.description !== undefined ? { description: raw.description as string } : {}), ...(raw.due_in_days !== undefined ? { due_in_days: raw.due_in_days as number } : {}), ...(raw.due_field !== undefined ? { due_field: raw.due_field as string } : {}), ...(raw.priority !== undefined ? { priority: raw.priority as string } : {}), assignee: assignee! };
    }
    case 'update_fields': {
      unknownKeys(raw, ['type', 'when', 'fields'], at, problems);
      const f = raw.fields;
      if (!isObject(f) || Object.keys(f).length === 0) problems.push({ field: `${at}.fields`, message: 'must be an object of at least one field and its value' });
      else for (const [k, v] of Object.entries(f)) if (!SCALAR(v)) problems.push({ field: `${at}.fields.${k}`, message: 'must be a string, a number, true, false or null' });
      return problems.length > before ? null : { type: 'update_fields', ...w, fields: f as Record<string, string | number | boolean | null> };
    }
    case 'add_note':
      unknownKeys(raw, ['type', 'when', 'text'], at, problems);
      if (!text(raw.text, 4000)) problems.push({ field: `${at}.text`, message: 'is required (at most 4000 characters)' });
      return problems.length > before ? null : { type: 'add_note', ...w, text: raw.text as string };
    case 'assign_owner': {
      unknownKeys(raw, ['type', 'when', 'assignee'], at, problems);
      const assignee = parseAssignee(raw.assignee, `${at}.assignee`, problems);
      if (assignee?.kind === 'owner') problems.push({ field: `${at}.assignee.kind`, message: 'must be user or round_robin (the owner is already the owner)' });
      return problems.length > before ? null : { type: 'assign_owner', ...w, assignee: assignee! };
    }
    case 'add_calendar_entry':
      unknownKeys(raw, ['type', 'when', 'title', 'in_days', 'at', 'duration_min'], at, problems);
      if (!text(raw.title, 200)) problems.push({ field: `${at}.title`, message: 'is required (at most 200 characters)' });
      if (!isInt(raw.in_days ?? 0, 0, MAX_DAYS)) problems.push({ field: `${at}.in_days`, message: `must be a whole number of days from 0 to ${MAX_DAYS}` });
      if (!(typeof (raw.at ?? '09:00') === 'string' && TIME.test((raw.at ?? '09:00') as string))) problems.push({ field: `${at}.at`, message: 'must be a local time HH:mm' });
      if (!isInt(raw.duration_min ?? 30, 5, 24 * 60)) problems.push({ field: `${at}.duration_min`, message: 'must be a whole number of minutes from 5 to 1440' });
      if (problems.length > before) return null;
      return { type: 'add_calendar_entry', ...w, title: raw.title as string, in_days: (raw.in_days ?? 0) as number, at: (raw.at ?? '09:00') as string, duration_min: (raw.duration_min ?? 30) as number };
    case 'send_email':
    case 'post_chat':
    case 'call_webhook':
    case 'create_record':
      return parseOutward(raw, at, depth, w, problems);
    case 'create_order':
      unknownKeys(raw, ['type', 'when', 'text', 'due_in_days'], at, problems);
      if (raw.text !== undefined && !(typeof raw.text === 'string' && raw.text.length <= 2000)) problems.push({ field: `${at}.text`, message: "must be text of at most 2000 characters (the order's note)" });
      if (raw.due_in_days !== undefined && !isInt(raw.due_in_days, 0, MAX_DAYS)) problems.push({ field: `${at}.due_in_days`, message: `must be a whole number of days from 0 to ${MAX_DAYS}` });
      return problems.length > before ? null : { type: 'create_order', ...w, ...(raw.text !== undefined ? { text: raw.text as string } : {}), ...(raw.due_in_days !== undefined ? { due_in_days: raw.due_in_days as number } : {}) };
    case 'branch': {
      unknownKeys(raw, ['type', 'when', 'if', 'then', 'else'], at, problems);
      if (depth > 0) problems.push({ field: at, message: 'a branch holds plain actions, not another branch' });
      const cond = raw.if === undefined || raw.if === null ? (problems.push({ field: `${at}.if`, message: 'is required (a filter {match, conditions})' }), null) : filterAt(raw.if, `${at}.if`, problems);
      const then = parseActions(raw.then ?? [], `${at}.then`, depth + 1, problems);
      const els = parseActions(raw.else ?? [], `${at}.else`, depth + 1, problems);
      return problems.length > before ? null : { type: 'branch', ...w, if: cond!, then, else: els };
    }
    case 'wait':
      unknownKeys(raw, ['type', 'when', 'minutes'], at, problems);
      if (!isInt(raw.minutes, 1, MAX_WAIT_MINUTES)) problems.push({ field: `${at}.minutes`, message: `must be a whole number of minutes from 1 to ${MAX_WAIT_MINUTES}` });
      if (depth > 0) problems.push({ field: at, message: 'wait is a step of the rule itself, not inside a branch' });
      return problems.length > before ? null : { type: 'wait', ...w, minutes: raw.minutes as number };
    default:
      problems.push({ field: `${at}.type`, message: `must be one of ${ACTION_TYPES.join(', ')}` });
      return null;
  }
}

/** The actions that send something out or create a custom record (the part of `parseAction` they take). */
function parseOutward(raw: Record<string, unknown>, at: string, depth: number, w: { when?: EventFilter | null }, problems: Problem[]): Action | null {
  const before = problems.length;
  switch (raw.type) {
    case 'send_email':
      unknownKeys(raw, ['type', 'when', 'to', 'subject', 'body'], at, problems);
      if (!(EMAIL_RECIPIENTS as readonly unknown[]).includes(raw.to ?? 'owner')) problems.push({ field: `${at}.to`, message: `must be one of ${EMAIL_RECIPIENTS.join(', ')}` });
      if (!text(raw.subject, 200)) problems.push({ field: `${at}.subject`, message: 'is required (at most 200 characters)' });
      if (!text(raw.body, 10000)) problems.push({ field: `${at}.body`, message: 'is required (at most 10000 characters)' });
      remoteAt(depth, at, 'send_email', problems);
      return problems.length > before ? null : { type: 'send_email', ...w, to: (raw.to ?? 'owner') as EmailRecipient, subject: raw.subject as string, body: raw.body as string };
    case 'post_chat':
      unknownKeys(raw, ['type', 'when', 'connection_id', 'text'], at, problems);
      if (!isId(raw.connection_id)) problems.push({ field: `${at}.connection_id`, message: 'must be the id of a chat connection (Slack, Teams, Google Chat, Discord, Telegram)' });
      if (!text(raw.text, 2000)) problems.push({ field: `${at}.text`, message: 'is required (at most 2000 characters)' });
      remoteAt(depth, at, 'post_chat', problems);
      return problems.length > before ? null : { type: 'post_chat', ...w, connection_id: raw.connection_id as number, text: raw.text as string };
    case 'call_webhook':
      unknownKeys(raw, ['type', 'when', 'connection_id'], at, problems);
      if (!isId(raw.connection_id)) problems.push({ field: `${at}.connection_id`, message: 'must be the id of a webhook connection' });
      remoteAt(depth, at, 'call_webhook', problems);
      return problems.length > before ? null : { type: 'call_webhook', ...w, connection_id: raw.connection_id as number };
    case 'create_record': {
      unknownKeys(raw, ['type', 'when', 'object', 'name', 'fields'], at, problems);
      if (!(typeof raw.object === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(raw.object))) problems.push({ field: `${at}.object`, message: 'must be the key of a custom object' });
      if (!text(raw.name, 200)) problems.push({ field: `${at}.name`, message: 'is required (at most 200 characters; {{record.name}} takes the record\'s name)' });
      const f = raw.fields ?? {};
      if (!isObject(f) || Object.keys(f).length > 100) problems.push({ field: `${at}.fields`, message: "must be an object of the new record's field keys and the context's paths they take (record.value)" });
      else for (const [k, v] of Object.entries(f)) if (!(typeof v === 'string' && PATH.test(v))) problems.push({ field: `${at}.fields.${k}`, message: 'must be a dotted path into the context (e.g. record.value)' });
      return problems.length > before ? null : { type: 'create_record', ...w, object: raw.object as string, name: raw.name as string, fields: f as Record<string, string> };
    }
    default:
      return null;
  }
}

/** A remote action is a step of the rule itself (see REMOTE_ACTIONS). */
function remoteAt(depth: number, at: string, type: string, problems: Problem[]): void {
  if (depth > 0) problems.push({ field: at, message: `${type} is a step of the rule itself, not inside a branch (give it a when instead)` });
}

function parseActions(raw: unknown, at: string, depth: number, problems: Problem[]): Action[] {
  if (!Array.isArray(raw)) {
    problems.push({ field: at, message: 'must be a list of actions' });
    return [];
  }
  if (raw.length > MAX_ACTIONS) {
    problems.push({ field: at, message: `at most ${MAX_ACTIONS} actions` });
    return [];
  }
  return raw.map((a, i) => parseAction(a, `${at}[${i}]`, depth, problems)).filter((a): a is Action => a !== null);
}

/** The record kind a trigger's runs are about (null: the event's or the hook's own kind, known at run time). */
export function recordKindOf(t: Trigger): RecordKind | null {
  if (t.kind === 'manual') return t.record_kind;
  if (t.kind === 'time') return t.watch === 'task_overdue' ? 'task' : 'opportunity';
  return null;
}

/** Actions that need a kind of record the trigger does not give: 400 naming the action. */
function checkKinds(actions: Action[], kind: RecordKind | null, at: string, problems: Problem[]): void {
  actions.forEach((a, i) => {
    const here = `${at}[${i}]`;
    if (a.type === 'branch') {
      checkKinds(a.then, kind, `${here}.then`, problems);
      checkKinds(a.else, kind, `${here}.else`, problems);
    }
    if (kind === null) return;
    if (a.type === 'update_fields') {
      const allowed = UPDATABLE[kind];
      if (!allowed) problems.push({ field: here, message: `update_fields cannot change a ${kind} (only ${Object.keys(UPDATABLE).join(', ')})` });
      else
        for (const [k, v] of Object.entries(a.fields)) {
          if (!allowed.includes(k)) problems.push({ field: `${here}.fields.${k}`, message: `not a field a workflow may set on a ${kind} (${allowed.join(', ')})` });
          else if (!FIELD_CHECKS[FIELD_TYPES[k] ?? 'text'](v)) problems.push({ field: `${here}.fields.${k}`, message: FIELD_HINTS[FIELD_TYPES[k] ?? 'text'] });
        }
    }
    if ((a.type === 'add_note' || a.type === 'create_order') && kind !== 'opportunity') problems.push({ field: here, message: `${a.type} works on an opportunity, not on a ${kind}` });
    if (a.type === 'send_email' && a.to === 'main_contact' && kind === 'lead') problems.push({ field: `${here}.to`, message: 'a lead has no company, so no main contact' });
    if (a.type === 'assign_owner' && !ASSIGNABLE.includes(kind)) problems.push({ field: here, message: `assign_owner works on ${ASSIGNABLE.join(', ')}, not on a ${kind}` });
  });
}

/**
 * The record kind a rule started by this event acts on: the kind's declared record (its `record_type`, what the
 * engine's runs take from the event), when a rule can act on that kind; null for an event of no record.
 */
export function eventRecordKind(event: string): RecordKind | null {
  const type = eventKind(event)?.record?.type;
  return type && (RECORD_KINDS as readonly string[]).includes(type) ? (type as RecordKind) : null;
}

/** Checks a whole definition as sent; throws 400 `invalid` naming every bad part. */
export function parseDefinition(raw: { trigger?: unknown; conditions?: unknown; actions?: unknown }): Definition {
  const problems: Problem[] = [];
  const trigger = raw.trigger === undefined ? (problems.push({ field: 'trigger', message: 'is required' }), null) : parseTrigger(raw.trigger, problems);
  const conditions = filterAt(raw.conditions, 'conditions', problems);
  const actions = raw.actions === undefined ? (problems.push({ field: 'actions', message: 'is required' }), []) : parseActions(raw.actions, 'actions', 0, problems);
  if (raw.actions !== undefined && Array.isArray(raw.actions) && raw.actions.length === 0) problems.push({ field: 'actions', message: 'must hold at least one action' });
  if (trigger) checkKinds(actions, trigger.kind === 'event' ? eventRecordKind(trigger.event) : recordKindOf(trigger), 'actions', problems);
  if (problems.length) throw invalidFields(problems);
  return { trigger: trigger!, conditions, actions };
}

/** Whether an event starts a run of a rule with this trigger. */
export function eventStarts(t: Trigger, event: string, data: unknown): boolean {
  return t.kind === 'event' && t.event === event && matchesFilter(t.filter, data);
}

/** The rule-level conditions and an action's `when` read the context: the event's data and `record.*`. */
export const holds = (f: EventFilter | null | undefined, context: unknown): boolean => matchesFilter(f ?? null, context);

export * from './workflow-limits';
