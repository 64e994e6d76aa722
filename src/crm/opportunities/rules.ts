/**
 * Pure opportunity rules (docs/crm-rules.md): stages, gates, SLA, lifetime, money, probability,
 * forecast category, health and trend. No I/O here, so every rule is unit-tested table-driven.
 */
import { daysBetween } from '../../common/time';
import type { WorkspaceConstants } from '../../workspace/workspace.entity';

export type Constants = Pick<WorkspaceConstants, 'stages' | 'open_stages' | 'stage_sla' | 'stage_prob' | 'stage_rules' | 'forecast_cats'>;

export const WIN = 'Win';
export const LOST = 'Lost';
export const CANCEL = 'Cancel';

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

export const isOpenStage = (c: Constants, stage: string): boolean => c.open_stages.includes(stage);

/** The stage after `stage` on the way to Win ('' once closed). */
export function nextStage(c: Constants, stage: string): string {
  if (!isOpenStage(c, stage)) return '';
  const i = c.open_stages.indexOf(stage);
  return i + 1 < c.open_stages.length ? c.open_stages[i + 1] : c.stages.includes(WIN) ? WIN : '';
}

/** The problems that keep an opportunity from entering `stage` (empty = gate met). */
export function gateProblems(o: OppFacts, stage: string, today: string): string[] {
  const p: string[] = [];
  const bant = bantScore(o);
  switch (stage) {
    case 'Viable':
      if (bant < 2) p.push(`BANT score is ${bant}; at least 2 needed`);
      if (!o.productId) p.push('no product chosen');
      break;
    case 'Present Solution':
      if (!o.bantN) p.push('need not confirmed (BANT N)');
      if (!o.closeDate) p.push('no expected close date');
      break;
    case 'Negotiation':
      if (o.offerPrice === null || o.offerPrice <= 0) p.push('no offer price');
      if (o.paymentDays === null) p.push('no payment terms (payment_days)');
      break;
    case 'Expect to Close':
      if (bant < 3) p.push(`BANT score is ${bant}; at least 3 needed`);
      if (!o.closeDate) p.push('no expected close date');
      else if (o.closeDate < today) p.push('close date is in the past');
      break;
    case WIN:
      if (!(o.value > 0)) p.push('value must be above zero');
      break;
  }
  return p;
}

/**
 * Gates checked by a move from `from` to `to`: every open stage passed on the way forward (cumulative),
 * or Win's own gate. Backward moves, Lost and Cancel have no gate (Lost/Cancel need a loss reason).
 */
export function gatesForMove(c: Constants, from: string, to: string): string[] {
  if (to === WIN) return [WIN];
  const i = c.open_stages.indexOf(from);
  const j = c.open_stages.indexOf(to);
  if (i < 0 || j < 0 || j <= i) return [];
  return c.open_stages.slice(i + 1, j + 1);
}

export function moveProblems(c: Constants, o: OppFacts, from: string, to: string, today: string): string[] {
  return gatesForMove(c, from, to).flatMap((s) => gateProblems(o, s, today).map((msg) => (s === to ? msg : `${s}: ${msg}`)));
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

/** Win probability 0..1: the manual `probability` (percent) when set, else the stage's. */
export function prob(c: Constants, stage: string, manualPercent: number | null): number {
  if (!isOpenStage(c, stage)) return stage === WIN ? 1 : 0;
  if (manualPercent !== null) return Math.min(1, Math.max(0, manualPercent / 100));
  return c.stage_prob[stage] ?? 0;
}

const FC_BY_STAGE: Record<string, string> = {
  Qualify: 'Pipeline',
  Viable: 'Pipeline',
  'Present Solution': 'Best case',
  Negotiation: 'Best case',
  'Expect to Close': 'Commit',
  Win: 'Closed',
  Lost: 'Omitted',
  Cancel: 'Omitted',
};

/** Forecast category: the manual one when set, else derived from the stage. */
export function forecastCategory(c: Constants, stage: string, manual: string | null): string {
  if (manual) return manual;
  const fc = FC_BY_STAGE[stage] ?? (isOpenStage(c, stage) ? 'Pipeline' : 'Omitted');
  return c.forecast_cats.includes(fc) ? fc : (c.forecast_cats[0] ?? fc);
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
  const [, grade, label, color] = GRADES.find(([min]) => score >= min)!;
  if (h.manual) {
    const g = GRADES.find(([, gr]) => gr === h.manual!.grade);
    return { grade: h.manual.grade, label: h.manual.label || g?.[2] || label, score, color: g?.[3] ?? color, why };
  }
  return { grade, label, score, color, why };
}

/** Trend from the last stage change: forward = up, backward = down, none yet = flat. */
export function trend(c: Constants, last: { from: string | null; to: string } | null): { trend: string; label: string } {
  if (!last || last.from === null) return { trend: 'flat', label: 'Steady' };
  if (last.to === WIN) return { trend: 'up', label: 'Won' };
  if (last.to === LOST || last.to === CANCEL) return { trend: 'down', label: last.to === LOST ? 'Lost' : 'Cancelled' };
  const i = c.open_stages.indexOf(last.from);
  const j = c.open_stages.indexOf(last.to);
  if (j > i) return { trend: 'up', label: 'Advancing' };
  if (j < i) return { trend: 'down', label: 'Slipping' };
  return { trend: 'flat', label: 'Steady' };
}

export interface StepTemplate {
  title: string;
  bantKey?: 'b' | 'a' | 'n' | 't';
}

/** The checklist of each stage, created when an opportunity enters it. BANT steps are automatic. */
export const STAGE_STEPS: Record<string, StepTemplate[]> = {
  Qualify: [
    { title: 'Budget confirmed', bantKey: 'b' },
    { title: 'Decision maker known (authority)', bantKey: 'a' },
    { title: 'Need confirmed', bantKey: 'n' },
    { title: 'Timing agreed', bantKey: 't' },
    { title: 'First meeting held' },
  ],
  Viable: [{ title: 'Product selected' }, { title: 'Samples sent' }],
  'Present Solution': [{ title: 'Solution presented' }, { title: 'Trial agreed' }],
  Negotiation: [{ title: 'Offer sent' }, { title: 'Payment terms agreed' }],
  'Expect to Close': [{ title: 'Order date confirmed' }, { title: 'Purchase order expected' }],
};

export const BANT_FIELD = { b: 'bantB', a: 'bantA', n: 'bantN', t: 'bantT' } as const;

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', TRY: '₺', GBP: '£', CHF: 'CHF ', JPY: '¥' };
export const currencySymbol = (cur: string): string => SYMBOLS[cur] ?? `${cur} `;

/** UN/ECE Recommendation 20 codes of the usual units. */
const UNIT_CODES: Record<string, string> = { kg: 'KGM', t: 'TNE', pcs: 'H87', l: 'LTR', m: 'MTR', m2: 'MTK' };
export const unitCode = (unit: string): string => UNIT_CODES[unit] ?? unit.toUpperCase();
