/**
 * Pure opportunity rules (docs/crm-rules.md): stages, gates, SLA, lifetime, money, probability,
 * forecast category, health and trend. No I/O here, so every rule is unit-tested table-driven.
 */
import { addDays, daysBetween } from '../../../platform/common/time';
import type { GateRules, StageRole, StageStep, WorkspaceConstants } from '../../workspace/workspace.entity';

/** The constants the opportunity rules read: stages, their roles, gates, steps, SLA, probability, forecast. */
export type Constants = Pick<
  WorkspaceConstants,
  'stages' | 'open_stages' | 'stage_sla' | 'stage_prob' | 'stage_rules' | 'forecast_cats' | 'stage_roles' | 'stage_gates' | 'stage_steps' | 'stage_fc'
>;

/** What the gate and health rules read of an opportunity. */
export interface OppFacts {
  value: number;
  productId: number | null;
  closeDate: string | null;
  offerPrice: number | null;
  paymentDays: number | null;
  bantB: boolean;
  bantA: boolean;
  bantN: boolean;
  bantT: boolean;
}

export const bantScore = (o: Pick<OppFacts, 'bantB' | 'bantA' | 'bantN' | 'bantT'>): number => [o.bantB, o.bantA, o.bantN, o.bantT].filter(Boolean).length;

/** The stage's role; a stage without one counts as open when it is in open_stages, else as cancelled. */
export function roleOf(c: Pick<Constants, 'stage_roles' | 'open_stages'>, stage: string): StageRole {
  return c.stage_roles?.[stage] ?? (c.open_stages.includes(stage) ? 'open' : 'cancelled');
}

export const isOpenStage = (c: Pick<Constants, 'open_stages'>, stage: string): boolean => c.open_stages.includes(stage);

/** Lost and cancelled opportunities need a loss reason, and can be revived. */
export const isLostOrCancelled = (c: Pick<Constants, 'stage_roles' | 'open_stages'>, stage: string): boolean => {
  const r = roleOf(c, stage);
  return r === 'lost' || r === 'cancelled';
};

/** The one stage with the role won ('' when the constants have none). */
export const wonStage = (c: Pick<Constants, 'stages' | 'stage_roles' | 'open_stages'>): string => c.stages.find((s) => roleOf(c, s) === 'won') ?? '';

/** The stage after `stage` on the way to the won stage ('' once closed). */
export function nextStage(c: Constants, stage: string): string {
  if (!isOpenStage(c, stage)) return '';
  const i = c.open_stages.indexOf(stage);
  return i + 1 < c.open_stages.length ? c.open_stages[i + 1] : wonStage(c);
}

/** A role's name as a label: Won, Lost, Cancelled (trend labels and the won close category). */
export const roleLabel = (role: StageRole): string => role.charAt(0).toUpperCase() + role.slice(1);

/** close_category when none is given: `Won` for the won stage, else the stage key. */
export const defaultCloseCategory = (c: Constants, stage: string): string => {
  const role = roleOf(c, stage);
  return role === 'won' ? roleLabel(role) : stage;
};

/**
 * Gate rules in the order their problems are reported. Each rule of `stage_gates[stage]` that is set
 * (a number, or true) is checked; the vocabulary is closed (GATE_RULE_KEYS, checked by constants:set).
 */
const GATE_CHECKS: [keyof GateRules, (o: OppFacts, rules: GateRules, today: string) => string | null][] = [
  ['bant_min', (o, r) => (bantScore(o) < (r.bant_min ?? 0) ? `BANT score is ${bantScore(o)}; at least ${r.bant_min} needed` : null)],
  ['budget', (o) => (o.bantB ? null : 'budget not confirmed (BANT B)')],
  ['authority', (o) => (o.bantA ? null : 'decision maker not known (BANT A)')],
  ['need', (o) => (o.bantN ? null : 'need not confirmed (BANT N)')],
  ['timing', (o) => (o.bantT ? null : 'timing not agreed (BANT T)')],
  ['product', (o) => (o.productId ? null : 'no product chosen')],
  ['offer_price', (o) => (o.offerPrice === null || o.offerPrice <= 0 ? 'no offer price' : null)],
  ['payment_days', (o) => (o.paymentDays === null ? 'no payment terms' : null)],
  ['close_date', (o) => (o.closeDate ? null : 'no expected close date')],
  ['close_date_future', (o, r, today) => (!o.closeDate ? (r.close_date ? null : 'no expected close date') : o.closeDate < today ? 'close date is in the past' : null)],
  ['value_positive', (o) => (o.value > 0 ? null : 'value must be above zero')],
];

/** The problems that keep an opportunity from entering `stage` (empty = gate met). */
export function gateProblems(c: Pick<Constants, 'stage_gates'>, o: OppFacts, stage: string, today: string): string[] {
  const rules = c.stage_gates?.[stage];
  if (!rules) return [];
  const p: string[] = [];
  for (const [key, check] of GATE_CHECKS) {
    const v = rules[key];
    if (v === undefined || v === false) continue;
    const problem = check(o, rules, today);
    if (problem) p.push(problem);
  }
  return p;
}

const hasGate = (c: Constants, stage: string): boolean => Object.values(c.stage_gates?.[stage] ?? {}).some((v) => v !== false && v !== undefined);

/**
 * Gates checked by a move from `from` to `to`: every open stage passed on the way forward (cumulative),
 * or a closing stage's own gate (won: value above zero by default). Backward moves have no gate
 * (lost and cancelled need a loss reason, checked by the service).
 */
export function gatesForMove(c: Constants, from: string, to: string): string[] {
  if (!isOpenStage(c, to)) return hasGate(c, to) ? [to] : [];
  const i = c.open_stages.indexOf(from);
  const j = c.open_stages.indexOf(to);
  if (i < 0 || j < 0 || j <= i) return [];
  return c.open_stages.slice(i + 1, j + 1);
}

export function moveProblems(c: Constants, o: OppFacts, from: string, to: string, today: string): string[] {
  return gatesForMove(c, from, to).flatMap((s) => gateProblems(c, o, s, today).map((msg) => (s === to ? msg : `${s}: ${msg}`)));
}

export interface Sla {
  days_in_stage: number;
  sla_days: number;
  sla_left: number;
}

export function sla(c: Constants, stage: string, stageSince: string, today: string): Sla {
  const days = Math.max(0, daysBetween(stageSince, today));
  const slaDays = c.stage_sla[stage] ?? 0;
  return { days_in_stage: days, sla_days: slaDays, sla_left: isOpenStage(c, stage) && slaDays > 0 ? slaDays - days : 0 };
}

/** The expected close date when none is given: start date + the workspace's sales cycle (days). */
export const defaultCloseDate = (startDate: string, salesCycleDays: number): string => addDays(startDate, Math.max(0, salesCycleDays));

export function lifetimeLeft(startDate: string, lifetimeDays: number, today: string, open: boolean): number {
  return open ? lifetimeDays - Math.max(0, daysBetween(startDate, today)) : 0;
}

/** value in the base currency: rates give base units per unit of a currency. Unknown rate → 0. */
export function toBase(value: number, currency: string, base: string, rates: Record<string, number>): number {
  if (currency === base) return round2(value);
  const rate = rates[currency];
  return rate && rate > 0 ? round2(value * rate) : 0;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Win probability 0..1: the manual `probability` (percent) when set, else the stage's; won 1, lost or cancelled 0. */
export function prob(c: Constants, stage: string, manualPercent: number | null): number {
  if (!isOpenStage(c, stage)) return roleOf(c, stage) === 'won' ? 1 : 0;
  if (manualPercent !== null) return Math.min(1, Math.max(0, manualPercent / 100));
  return c.stage_prob[stage] ?? 0;
}

/** Forecast category: the manual one when set, else the stage's (`stage_fc`), else the first category. */
export function forecastCategory(c: Constants, stage: string, manual: string | null): string {
  if (manual) return manual;
  const fc = c.stage_fc?.[stage];
  return fc && c.forecast_cats.includes(fc) ? fc : (c.forecast_cats[0] ?? '');
}

export function valueShort(value: number, symbol: string): string {
  const abs = Math.abs(value);
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));
  if (abs >= 1_000_000) return `${symbol}${fmt(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${symbol}${fmt(value / 1_000)}k`;
  return `${symbol}${fmt(round2(value))}`;
}

export const STALE_DAYS = 14;

export interface HealthInput {
  open: boolean;
  daysSinceActivity: number;
  slaLeft: number;
  slaDays: number;
  nextStep: string;
  bant: number;
  closeDate: string | null;
  lifetimeLeft: number;
  today: string;
  manual?: { grade: string; label: string } | null;
}

export interface Health {
  grade: string;
  label: string;
  score: number;
  color: string;
  why: [string, string][];
}

const GRADES: [number, string, string, string][] = [
  [80, 'A', 'Healthy', 'green'],
  [60, 'B', 'Watch', 'yellow'],
  [40, 'C', 'At risk', 'orange'],
  [0, 'D', 'Critical', 'red'],
];

/** Health score 100 minus penalties; each penalty adds a [code, reason] to `why`. Closed: no health. */
export function health(h: HealthInput): Health {
  if (!h.open) return { grade: '-', label: 'Closed', score: 0, color: 'grey', why: [] };
  const why: [string, string][] = [];
  let score = 100;
  const hit = (points: number, code: string, reason: string) => {
    score -= points;
    why.push([code, reason]);
  };
  if (h.daysSinceActivity >= STALE_DAYS) hit(25, 'stale', `no activity for ${h.daysSinceActivity} days`);
  if (h.slaDays > 0 && h.slaLeft < 0) hit(20, 'sla_overdue', `${-h.slaLeft} days over the stage SLA`);
  if (!h.nextStep.trim()) hit(15, 'no_next_step', 'no next step');
  if (h.bant < 2) hit(15, 'low_bant', `BANT score ${h.bant} of 4`);
  if (h.closeDate && h.closeDate < h.today) hit(15, 'close_date_past', `close date ${h.closeDate} has passed`);
  if (h.lifetimeLeft < 0) hit(10, 'lifetime_exceeded', `open ${-h.lifetimeLeft} days longer than the opportunity lifetime`);
  score = Math.max(0, score);
  // a deal past its close date or over its stage's SLA needs attention: at best "Watch", whatever its score
  const late = why.some(([code]) => code === 'close_date_past' || code === 'sla_overdue');
  const [, grade, label, color] = GRADES.find(([min]) => score >= min && (!late || min < GRADES[0]![0]))!;
  if (h.manual) {
    const g = GRADES.find(([, gr]) => gr === h.manual!.grade);
    return { grade: h.manual.grade, label: h.manual.label || g?.[2] || label, score, color: g?.[3] ?? color, why };
  }
  return { grade, label, score, color, why };
}


/** Trend from the last stage change: forward = up, backward = down, none yet = flat. */
export function trend(c: Constants, last: { from: string | null; to: string } | null): { trend: string; label: string } {
  if (!last || last.from === null) return { trend: 'flat', label: 'Steady' };
  const role = roleOf(c, last.to);
  if (role !== 'open') return { trend: role === 'won' ? 'up' : 'down', label: roleLabel(role) };
  const i = c.open_stages.indexOf(last.from);
  const j = c.open_stages.indexOf(last.to);
  if (j > i) return { trend: 'up', label: 'Advancing' };
  if (j < i) return { trend: 'down', label: 'Slipping' };
  return { trend: 'flat', label: 'Steady' };
}

/** The checklist created when an opportunity enters `stage` (BANT steps are automatic). */
export const stepsOf = (c: Pick<Constants, 'stage_steps'>, stage: string): StageStep[] => c.stage_steps?.[stage] ?? [];

/** An account: the company's status is one of customer_account_statuses, or it has an ERP account code. */
export const isAccount = (accountStatuses: readonly string[], customer: { status: string; erpCode: string }): boolean =>
  accountStatuses.includes(customer.status) || !!customer.erpCode;

export const BANT_FIELD = { b: 'bantB', a: 'bantA', n: 'bantN', t: 'bantT' } as const;

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', TRY: '₺', GBP: '£', CHF: 'CHF ', JPY: '¥' };
export const currencySymbol = (cur: string): string => SYMBOLS[cur] ?? `${cur} `;

/** UN/ECE Recommendation 20 codes of the usual units. */
const UNIT_CODES: Record<string, string> = { kg: 'KGM', t: 'TNE', pcs: 'H87', l: 'LTR', m: 'MTR', m2: 'MTK' };
export const unitCode = (unit: string): string => UNIT_CODES[unit] ?? unit.toUpperCase();
