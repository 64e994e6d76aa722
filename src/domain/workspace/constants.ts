/**
 * Checks of a workspace's constants (pure; test/unit/workspace/constants.spec.ts). Used by
 * `WorkspaceService.setConstants` and the `constants:set` CLI command. Errors name the bad key with a
 * path, e.g. `stage_roles.Kazanç: not one of the stages`.
 */
import { DomainError } from '../../platform/common/errors';
import { isKnownCountry } from '../../platform/common/holidays';
import { defaultConstants } from './defaults';
import { checkLabels, defaultLabelsFor, pruneLabels } from './labels';
import { blockLists, constantsBlocks, subsetOf, type ConstantsList } from './constants-blocks';
import { BANT_KEYS, GATE_RULE_KEYS, STAGE_ROLES, WorkspaceConstants } from './workspace.entity';

/** Longest stage or status key: the columns that hold them are varchar(40). */
export const MAX_KEY_LENGTH = 40;

const STRING_LISTS = [
  'stages',
  'open_stages',
  'barriers',
  'customer_statuses',
  'demo_results',
  'demo_statuses',
  'forecast_cats',
  'lead_interest',
  'lead_next_actions',
  'lead_statuses',
  'lead_timings',
  'lead_visitor_types',
  'loss_reasons',
  'makro_stages',
  'next_actions',
  'opp_types',
  'order_kinds',
  'task_priorities',
  'task_statuses',
  'visit_topics',
  'visit_types',
  'task_closed_statuses',
  'customer_at_risk_statuses',
  'customer_account_statuses',
] as const;
const NON_EMPTY_LISTS = new Set<string>([
  'stages', 'open_stages', 'forecast_cats', 'loss_reasons', 'task_statuses', 'task_priorities', 'customer_statuses', 'task_closed_statuses',
]);
const KEY_LISTS = new Set<string>([
  'stages', 'open_stages', 'customer_statuses', 'task_statuses', 'task_closed_statuses', 'customer_at_risk_statuses', 'customer_account_statuses',
]);
const BOOLEANS = ['stage_rules', 'opp_status_labels'] as const;
const STRINGS = ['opp_line_label', 'task_done_status'] as const;
const COUNTS = ['action_soon_days', 'sales_cycle_days', 'weekly_visit_target', 'weekly_task_target'] as const;
/** Maps keyed by stage, and what their values must be. */
const STAGE_MAPS = ['stage_labels', 'stage_colors', 'stage_gate', 'stage_sla', 'stage_prob', 'stage_roles', 'stage_gates', 'stage_steps', 'stage_fc'] as const;

/** The keys of a new workspace's constants: read when first checked, after the features have registered their blocks. */
let knownKeys: Set<string> | undefined;
const KNOWN = (): Set<string> => (knownKeys ??= new Set(Object.keys(defaultConstants())));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * A partial merge: every top-level key of `patch` replaces the current value as a whole (maps are
 * not merged key by key, so renamed stages leave no stale keys behind). Unknown keys are kept so the
 * validation can name them.
 */
export function mergeConstants(current: WorkspaceConstants, patch: Partial<WorkspaceConstants> | Record<string, unknown>): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current, ...patch };
  // Labels follow their keys: a patch that renames or drops keys without sending labels drops their labels
  // (as renamed stages leave no stale keys behind); a workspace without stored labels gets the defaults.
  if (!('labels' in patch)) next.labels = current.labels ? pruneLabels(current.labels, next as Partial<WorkspaceConstants>) : defaultLabelsFor(next as Partial<WorkspaceConstants>);
  return next;
}

/** Keys that may be absent: read-time defaults fill them (labels.ts `labelsOf`). */
const OPTIONAL_KEYS = new Set(['labels']);

type Err = (path: string, msg: string) => void;
/** What the checks read: the input, its string lists (the valid entries of each), and where problems go. */
interface Checked {
  c: Record<string, unknown>;
  lists: Record<string, string[]>;
  err: Err;
}

/** Every problem of a full constants object (empty = valid), in the order of the checks below. */
export function validateConstants(input: unknown): string[] {
  if (!isObject(input)) return ['constants: must be a JSON object'];
  const c = input;
  const errors: string[] = [];
  const err: Err = (path, msg) => errors.push(`${path}: ${msg}`);

  const known = KNOWN();
  for (const key of Object.keys(c)) if (!known.has(key)) err(key, 'unknown constant');
  for (const key of known) if (!(key in c) && !OPTIONAL_KEYS.has(key)) err(key, 'is missing');
  const k: Checked = { c, lists: checkLists(c, err), err };
  for (const key of BOOLEANS) if (key in c && typeof c[key] !== 'boolean') err(key, 'must be true or false');
  for (const key of STRINGS) if (key in c && typeof c[key] !== 'string') err(key, 'must be a string');
  for (const key of COUNTS) if (key in c && !isCount(c[key])) err(key, 'must be a whole number, 0 or more');
  checkStageMaps(k);
  checkStageRoles(k);
  checkVisitPeriod(k);
  checkStatuses(k);
  checkLeadStatuses(k);
  // --- approvals ---
  if ('holiday_country' in c && !isKnownCountry(c.holiday_country)) err('holiday_country', 'must be a country code such as TR or DE (ISO 3166-1, upper case)');
  // the blocks the features own (constants-blocks.ts)
  for (const block of constantsBlocks()) block.check(c, k.lists, err);
  if ('labels' in c) checkLabels(c.labels, c, err);
  return errors;
}

/** The common string lists with what each must be, then the blocks' (constants-blocks.ts). */
const allLists = (): ConstantsList[] => [...STRING_LISTS.map((name) => ({ name, keys: KEY_LISTS.has(name), nonEmpty: NON_EMPTY_LISTS.has(name) })), ...blockLists()];

/** The string lists; answers each list's valid entries. */
function checkLists(c: Record<string, unknown>, err: Err): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const { name: key, keys, nonEmpty } of allLists()) {
    const v = c[key];
    if (v === undefined) continue;
    if (!Array.isArray(v)) {
      err(key, 'must be a list of strings');
      continue;
    }
    const ok: string[] = [];
    v.forEach((x, i) => {
      if (typeof x !== 'string' || !x.trim()) err(`${key}[${i}]`, 'must be a non-empty string');
      else if (keys && x.length > MAX_KEY_LENGTH) err(`${key}[${i}]`, `at most ${MAX_KEY_LENGTH} characters`);
      else if (ok.includes(x)) err(`${key}[${i}]`, `"${x}" appears twice`);
      else ok.push(x);
    });
    if (nonEmpty && v.length === 0) err(key, 'must not be empty');
    lists[key] = ok;
  }
  return lists;
}

/** The maps keyed by stage: keys among the stages, values of the map's kind. */
function checkStageMaps({ c, lists, err }: Checked): void {
  const stages = lists.stages ?? [];
  const isStage = (s: string) => stages.includes(s);
  for (const key of STAGE_MAPS) {
    const v = c[key];
    if (v === undefined) continue;
    if (!isObject(v)) {
      err(key, 'must be an object keyed by stage');
      continue;
    }
    for (const [stage, value] of Object.entries(v)) {
      const path = `${key}.${stage}`;
      if (!isStage(stage)) {
        err(path, 'not one of the stages');
        continue;
      }
      checkStageValue(key, path, value, lists, err);
    }
  }
}

function checkStageValue(key: (typeof STAGE_MAPS)[number], path: string, value: unknown, lists: Record<string, string[]>, err: Err): void {
  switch (key) {
    case 'stage_labels':
    case 'stage_colors':
    case 'stage_gate':
      if (typeof value !== 'string') err(path, 'must be a string');
      break;
    case 'stage_sla':
      if (!isCount(value)) err(path, 'must be a whole number of days, 0 or more');
      break;
    case 'stage_prob':
      if (typeof value !== 'number' || !(value >= 0 && value <= 1)) err(path, 'must be a number from 0 to 1');
      break;
    case 'stage_roles':
      if (!STAGE_ROLES.includes(value as never)) err(path, `must be one of ${STAGE_ROLES.join(', ')}`);
      break;
    case 'stage_fc':
      if (typeof value !== 'string' || !(lists.forecast_cats ?? []).includes(value)) err(path, 'not one of forecast_cats');
      break;
    case 'stage_gates':
      checkGate(path, value, err);
      break;
    case 'stage_steps':
      checkSteps(path, value, err);
      break;
  }
}

/** Every stage has a role and a forecast category; one stage is won; open_stages are exactly the open ones. */
function checkStageRoles({ c, lists, err }: Checked): void {
  const stages = lists.stages ?? [];
  const isStage = (s: string) => stages.includes(s);
  const roles = isObject(c.stage_roles) ? (c.stage_roles as Record<string, unknown>) : null;
  if (roles) {
    for (const s of stages) if (!(s in roles)) err(`stage_roles.${s}`, 'every stage needs a role');
    const won = stages.filter((s) => roles[s] === 'won');
    if (won.length !== 1) err('stage_roles', `exactly one stage must have the role won (found ${won.length}${won.length ? `: ${won.join(', ')}` : ''})`);
    const open = stages.filter((s) => roles[s] === 'open');
    const openStages = lists.open_stages ?? [];
    for (const s of openStages) {
      if (!isStage(s)) err('open_stages', `${s} is not one of the stages`);
      else if (roles[s] !== 'open') err('open_stages', `${s} does not have the role open`);
    }
    for (const s of open) if (!openStages.includes(s)) err('open_stages', `${s} has the role open but is not listed`);
  }
  if (isObject(c.stage_fc)) for (const s of stages) if (!(s in c.stage_fc)) err(`stage_fc.${s}`, 'every stage needs a forecast category');
}

function checkVisitPeriod({ c, lists, err }: Checked): void {
  if (isObject(c.visit_period)) {
    for (const [status, days] of Object.entries(c.visit_period)) {
      if (!(lists.customer_statuses ?? []).includes(status)) err(`visit_period.${status}`, 'not one of customer_statuses');
      else if (!isCount(days)) err(`visit_period.${status}`, 'must be a whole number of days, 0 or more');
    }
  } else if ('visit_period' in c) err('visit_period', 'must be an object keyed by customer status');
}

/** A list whose entries must all be entries of another list. */
const subset = ({ lists, err }: Checked, key: string, of: string): void => subsetOf(lists, err, key, of);

/** Task and customer statuses that must be among their lists. */
function checkStatuses(k: Checked): void {
  const { c, lists, err } = k;
  subset(k, 'task_closed_statuses', 'task_statuses');
  subset(k, 'customer_at_risk_statuses', 'customer_statuses');
  subset(k, 'customer_account_statuses', 'customer_statuses');
  if (typeof c.task_done_status === 'string' && !(lists.task_closed_statuses ?? []).includes(c.task_done_status)) {
    err('task_done_status', 'not one of task_closed_statuses');
  }
}

/** The lead statuses are stored as keys (the roles of the statuses are the leads' block, leads.constants.ts). */
function checkLeadStatuses({ lists, err }: Checked): void {
  (lists.lead_statuses ?? []).forEach((x, i) => x.length > MAX_KEY_LENGTH && err(`lead_statuses[${i}]`, `at most ${MAX_KEY_LENGTH} characters`));
}

function checkGate(path: string, value: unknown, err: Err): void {
  if (!isObject(value)) return err(path, 'must be an object of gate rules');
  for (const [rule, v] of Object.entries(value)) {
    if (!(GATE_RULE_KEYS as readonly string[]).includes(rule)) err(`${path}.${rule}`, `unknown gate rule; known: ${GATE_RULE_KEYS.join(', ')}`);
    else if (rule === 'bant_min') {
      if (!isCount(v) || v > 4) err(`${path}.${rule}`, 'must be a whole number from 0 to 4');
    } else if (typeof v !== 'boolean') err(`${path}.${rule}`, 'must be true or false');
  }
}

function checkSteps(path: string, value: unknown, err: Err): void {
  if (!Array.isArray(value)) return err(path, 'must be a list of steps {title, bant?}');
  value.forEach((step, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(step)) return err(p, 'must be an object {title, bant?}');
    for (const k of Object.keys(step)) if (k !== 'title' && k !== 'bant') err(`${p}.${k}`, 'unknown step field; known: title, bant');
    if (typeof step.title !== 'string' || !step.title.trim() || step.title.length > 200) err(`${p}.title`, 'must be a non-empty string of at most 200 characters');
    if (step.bant !== undefined && !BANT_KEYS.includes(step.bant as never)) err(`${p}.bant`, `must be one of ${BANT_KEYS.join(', ')}`);
  });
}

/** Throws 400 `invalid` naming the first bad keys (at most 10, with the count). */
export function assertValidConstants(c: unknown): asserts c is WorkspaceConstants {
  const errors = validateConstants(c);
  if (!errors.length) return;
  const shown = errors.slice(0, 10).join('; ');
  const more = errors.length > 10 ? ` (and ${errors.length - 10} more)` : '';
  throw new DomainError('invalid', `constants: ${errors.length} problem${errors.length > 1 ? 's' : ''}: ${shown}${more}`, { field: errors[0].split(':')[0], problems: errors.slice(0, 10) });
}
