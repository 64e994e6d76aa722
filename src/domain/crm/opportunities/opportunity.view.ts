import { z } from 'zod';
import { summaryOf, USER_SUMMARY_EXAMPLE, UserSummarySchema } from '../../identity/user.view';
import { labelLang, labelOf, type LabelLang } from '../../workspace/labels';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp, dateIn } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import { LINKED_RECORDS_EXAMPLE, LinkedRecordsSchema, linkedRecordsView } from '../objects';
import { ORDER_ROW_EXAMPLE, OrderRowSchema, toOrderRow } from '../orders';
import { initials } from '../shared/initials';
import { rid } from '../shared/record-keys';
import { currencySymbol, unitCode, valueShort } from './opportunities.rules';
import type { OppBrief, OppDetail, OppPage, OppView } from './opportunity.types';
import type { Step } from './step.entity';
import type { User } from '../../identity/user.entity';

/**
 * The read model of an opportunity: the record as the outside world sees it (spec 2.6), dates and timestamps in the
 * workspace's local time, names beside ids, labels in the reader's language, with its schemas. REST documents them
 * (`src/interfaces/rest/opportunities/opportunity.schema.ts`: Step, OpportunitySummary, Opportunity), exports write its
 * columns, and MCP answers and describes its compact projection (below), so a field is declared and mapped here once.
 */

const STAGE = 'a stage key: one of constants.stages (GET /api/v1/me)';
const NOT_KEPT = 'always empty: not kept by this service';

/** Spec 2.7 (REST names it Step). */
export const StepSchema = z.object({
  id: field.id(),
  title: z.string(),
  stage: z.string().meta({ description: 'the stage whose checklist the step belongs to' }),
  state: z.enum(['open', 'done']),
  done: z.boolean(),
  auto: z.boolean().meta({ description: 'set automatically (the BANT steps follow the BANT flags)' }),
  due_date: field.date().nullable(),
  note: z.string().meta({ description: 'at most 250 characters' }),
  assignee: UserSummarySchema.nullable(),
});
export const STEP_EXAMPLE: z.output<typeof StepSchema> = {
  id: 512, title: 'Budget confirmed', stage: 'Qualify', state: 'done', done: true, auto: true, due_date: null, note: 'Confirmed by the purchasing manager', assignee: USER_SUMMARY_EXAMPLE,
};

/** Spec 2.6 scalar fields: what lists return (GET by id adds the nested arrays; REST names it OpportunitySummary). */
export const OpportunitySummarySchema = z.object({
  id: field.id(),
  rid: z.string().meta({ description: 'display key, e.g. O-95' }),
  name: z.string(),
  customer_id: field.id(),
  customer: z.string().meta({ description: "the company's name" }),
  customer_city: z.string(),
  initials: z.string(),
  type: z.string(),
  source: z.string(),
  competitor: z.string(),
  external_id: z.string().nullable().meta({ description: "the record's key in the system it came from (imports match on it); unique per workspace; null when none" }),
  note: z.string(),
  line: z.string(),
  product: z.string().meta({ description: "the product's name; '' without a product" }),
  product_id: field.id().nullable(),
  stage: z.string().meta({ description: STAGE }),
  stage_label: z.string().meta({ description: "the stage's label in the caller's language (constants.labels.stages)" }),
  next_stage: z.string().meta({ description: "the stage a move forward reaches; '' when closed" }),
  next_step: z.string(),
  guide: z.string().meta({ description: "what the next stage's gate asks for, in the caller's language; '' when closed" }),
  bant: z.int().min(0).max(4).meta({ description: 'how many of the four BANT flags are set' }),
  bant_a: z.boolean().meta({ description: 'Authority' }),
  bant_b: z.boolean().meta({ description: 'Budget' }),
  bant_n: z.boolean().meta({ description: 'Need' }),
  bant_t: z.boolean().meta({ description: 'Time' }),
  gate_ok: z.boolean().meta({ description: "the next stage's gate is met" }),
  gate_problems: z.array(z.string()).meta({ description: "what the next stage's gate still misses" }),
  is_open: z.boolean(),
  can_edit: z.boolean().meta({ description: 'the caller may change this opportunity' }),
  can_revive: z.boolean().meta({ description: 'closed as lost or cancelled, not yet revived, and the caller may edit it' }),
  is_account: z.boolean().meta({ description: 'the company has an account status (constants.customer_account_statuses)' }),
  base_currency: z.string().meta({ description: "the workspace's base currency" }),
  currency: z.string(),
  cur_sym: z.string(),
  pu: z.string().meta({ description: 'price unit: currency/unit' }),
  unit: z.string(),
  unit_code: z.string(),
  value: z.number(),
  value_base: z.number().meta({ description: 'value in the base currency' }),
  weighted: z.number().meta({ description: 'value_base × prob' }),
  potential_kg: z.number().meta({ description: 'quantity in `unit` (the spec calls it kg whatever the unit)' }),
  prob: z.number().meta({ description: 'win probability as a fraction 0..1: `probability` / 100 when set, else the stage probability; 1 when won, 0 when lost or cancelled' }),
  value_short: z.string().meta({ description: 'e.g. €48k' }),
  offer_price: z.number().nullable(),
  payment_days: z.int().nullable(),
  probability: z.number().nullable().meta({ description: 'manual win probability in percent; null: the stage probability' }),
  close_date: field.date().meta({ description: 'expected close date' }),
  start_date: field.date(),
  last_update: field.date(),
  updated_at: field.timestamp(),
  closed_at: field.timestamp().nullable(),
  close_category: z.string(),
  close_reason: z.string().meta({ description: 'one of constants.loss_reasons when lost or cancelled' }),
  detail_status: z.string(),
  days_in_stage: field.count(),
  lifetime_left: z.int().meta({ description: 'days left of the opportunity lifetime (app.opp_lifetime_days); negative when exceeded, 0 when closed' }),
  sla_days: field.count().meta({ description: 'the SLA of the stage in days (constants.stage_sla)' }),
  sla_left: z.int().meta({ description: 'days left of the stage SLA; negative when overdue' }),
  fc: z.string().meta({ description: 'forecast category: one of constants.forecast_cats' }),
  health: z.object({ grade: z.string(), label: z.string().meta({ description: "the grade's label in the caller's language (constants.labels.health), or the label set by hand" }), score: z.int() }),
  health_color: z.string(),
  health_note: z.string(),
  health_manual: z.boolean().meta({ description: 'the grade was set by hand' }),
  health_why: z.array(z.array(z.string())).meta({ description: '[code, reason] pairs: the penalties behind the score' }),
  trend: z.string().meta({ description: 'up, down or flat' }),
  trend_label: z.string(),
  owner: UserSummarySchema.nullable(),
  tags: z.array(z.string()),
  revived_from_id: field.id().nullable().meta({ description: 'the closed opportunity this one revived' }),
  revived_to_id: field.id().nullable().meta({ description: 'the opportunity that revived this one' }),
  threads_n: field.count(),
});
export const OPPORTUNITY_SUMMARY_EXAMPLE: z.output<typeof OpportunitySummarySchema> = {
  id: 95, rid: 'O-95', name: 'PE film for the new line', customer_id: 42, customer: 'Anadolu Ambalaj A.Ş.', customer_city: 'Bursa', initials: 'AA',
  type: 'New business', source: 'fair', competitor: '', external_id: null, note: '', line: 'Films', product: 'PE film 50µ', product_id: 3,
  stage: 'Present Solution', stage_label: 'Present Solution', next_stage: 'Negotiation', next_step: 'Send the trial results',
  guide: 'To reach Negotiation: offer sent', bant: 1, bant_a: false, bant_b: true, bant_n: false, bant_t: false, gate_ok: false,
  gate_problems: ['offer price missing'], is_open: true, can_edit: true, can_revive: false, is_account: true, base_currency: 'EUR',
  currency: 'EUR', cur_sym: '€', pu: 'EUR/kg', unit: 'kg', unit_code: 'kg', value: 48000, value_base: 48000, weighted: 24000,
  potential_kg: 25000, prob: 0.5, value_short: '€48k', offer_price: null, payment_days: 60, probability: null, close_date: '2027-01-31',
  start_date: '2026-10-01', last_update: '2026-11-20', updated_at: '2026-11-20T16:45:03', closed_at: null, close_category: '',
  close_reason: '', detail_status: '', days_in_stage: 12, lifetime_left: 130, sla_days: 21, sla_left: 9, fc: 'Pipeline',
  health: { grade: 'A', label: 'Healthy', score: 85 }, health_color: 'green', health_note: '', health_manual: false,
  health_why: [['low_bant', 'BANT score 1 of 4']], trend: 'up', trend_label: 'Advancing', owner: USER_SUMMARY_EXAMPLE,
  tags: ['priority'], revived_from_id: null, revived_to_id: null, threads_n: 0,
};

/** Spec 2.6 with its nested arrays (REST names it Opportunity). */
export const OpportunitySchema = OpportunitySummarySchema.extend({
  logs: z.array(
    z.object({
      date: field.timestamp(),
      from: z.string().nullable().meta({ description: 'null on the first entry' }),
      to: z.string(),
      note: z.string(),
      user: z.string().meta({ description: "the user's full name; '' when unknown" }),
    }),
  ).meta({ description: 'stage changes' }),
  steps: z.array(StepSchema),
  tasks: z.array(z.object({ id: field.id(), title: z.string(), due_date: field.date().nullable(), priority: z.string(), status: z.string(), assignee: UserSummarySchema.nullable() })),
  notes: z.array(z.object({ id: field.id(), body: z.string(), user: z.string().meta({ description: "the author's full name" }), created_at: field.timestamp() })),
  visits: z.array(z.object({ id: field.id(), date: field.date(), type: z.string(), topic: z.string(), note: z.string(), next_action: z.string() })),
  threads: z
    .array(z.object({ id: field.id(), subject: z.string(), messages_n: field.count(), last_message_at: field.timestamp(), user_id: field.id() }))
    .meta({ description: 'e-mail threads filed on the opportunity, newest first (at most 50; GET /api/v1/emails/threads/{id} for the messages); empty without the Email module' }),
  demos: z.array(z.unknown()).meta({ description: NOT_KEPT }),
  offers: z.array(z.unknown()).meta({ description: NOT_KEPT }),
  orders: z.array(OrderRowSchema).meta({ description: 'visible orders of the opportunity, newest first; empty without the Orders module' }),
  objects: LinkedRecordsSchema,
});
export const OPPORTUNITY_EXAMPLE: z.output<typeof OpportunitySchema> = {
  ...OPPORTUNITY_SUMMARY_EXAMPLE,
  logs: [{ date: '2026-11-08T10:12:00', from: 'Viable', to: 'Present Solution', note: '', user: 'Ayşe Demir' }],
  steps: [STEP_EXAMPLE],
  tasks: [{ id: 230, title: 'Send the trial results', due_date: '2026-11-28', priority: 'High', status: 'Open', assignee: USER_SUMMARY_EXAMPLE }],
  notes: [{ id: 77, body: 'Trial on line 2 went well.', user: 'Ayşe Demir', created_at: '2026-11-19T15:02:41' }],
  visits: [{ id: 801, date: '2026-11-18', type: 'F2F', topic: 'Trial', note: '', next_action: 'Send the results' }],
  threads: [], demos: [], offers: [],
  orders: [ORDER_ROW_EXAMPLE],
  objects: LINKED_RECORDS_EXAMPLE,
};

/** The stage guide: what the next stage's gate asks, in the reader's language. */
const guideText = (lang: LabelLang, stage: string, gate: string): string => (lang === 'tr' ? `${stage} için: ${gate}` : `To reach ${stage}: ${gate}`).trim();
/** Trend labels (opportunities.rules `trend`) in Turkish. */
const TREND_TR: Record<string, string> = { Advancing: 'İlerliyor', Slipping: 'Geriliyor', Steady: 'Durağan', Won: 'Kazanıldı', Lost: 'Kaybedildi', Cancelled: 'İptal edildi' };

/** A checklist step (spec 2.7). */
export function stepView(s: Step, users: Map<number, User>, locale: string): z.output<typeof StepSchema> {
  return {
    id: s.id,
    title: s.title,
    stage: s.stage,
    state: s.done ? ('done' as const) : ('open' as const),
    done: s.done,
    auto: s.auto,
    due_date: s.dueDate,
    note: s.note,
    assignee: summaryOf(users, s.assigneeId, locale),
  };
}

/** Spec 2.6, scalar part (lists answer this; the record adds the nested arrays). */
export function opportunityView(v: OppView, ws: Workspace, users: Map<number, User>): z.output<typeof OpportunitySummarySchema> {
  const { opp: o, computed: c } = v;
  const k = ws.constants;
  const locale = ws.app.locale;
  const lang = labelLang(locale);
  const next = c.nextStage;
  return {
    id: o.id,
    rid: rid('O', o.id),
    name: o.name,
    customer_id: o.customerId,
    customer: v.customer?.name ?? '',
    customer_city: v.customer?.city ?? '',
    initials: initials(v.customer?.name ?? o.name),
    type: o.type,
    source: o.source,
    competitor: o.competitor,
    external_id: o.externalId,
    note: o.note,
    line: o.line,
    product: v.product?.name ?? '',
    product_id: o.productId,
    stage: o.stage,
    stage_label: k.stage_labels[o.stage] ?? o.stage,
    next_stage: next,
    next_step: o.nextStep,
    guide: next ? guideText(lang, k.stage_labels[next] ?? next, k.stage_gate[next] ?? '') : '',
    bant: c.bant,
    bant_a: o.bantA,
    bant_b: o.bantB,
    bant_n: o.bantN,
    bant_t: o.bantT,
    gate_ok: c.gateProblems.length === 0,
    gate_problems: c.gateProblems,
    is_open: c.isOpen,
    can_edit: v.canEdit,
    can_revive: v.canRevive,
    is_account: c.isAccount,
    base_currency: ws.app.currency_base,
    currency: o.currency,
    cur_sym: currencySymbol(o.currency).trim(),
    pu: `${o.currency}/${o.unit}`,
    unit: o.unit,
    unit_code: unitCode(o.unit),
    value: o.value,
    value_base: c.valueBase,
    weighted: c.weighted,
    potential_kg: o.potentialKg,
    prob: c.prob,
    value_short: valueShort(o.value, currencySymbol(o.currency)),
    offer_price: o.offerPrice,
    payment_days: o.paymentDays,
    probability: o.probability,
    close_date: o.closeDate,
    start_date: o.startDate,
    last_update: dateIn(o.updatedAt, ws.timezone),
    updated_at: formatTimestamp(o.updatedAt, ws.timezone),
    closed_at: formatTimestamp(o.closedAt, ws.timezone),
    close_category: o.closeCategory,
    close_reason: o.closeReason,
    detail_status: o.detailStatus,
    days_in_stage: c.sla.days_in_stage,
    lifetime_left: c.lifetimeLeft,
    sla_days: c.sla.sla_days,
    sla_left: c.sla.sla_left,
    fc: c.fc,
    // a label typed by hand stays as typed; the computed one is the health grade's label in the reader's language
    health: { grade: c.health.grade, label: o.healthGrade !== null && o.healthLabel ? c.health.label : labelOf(k, lang, 'health', c.health.grade) || c.health.label, score: c.health.score },
    health_color: c.health.color,
    health_note: o.healthNote,
    health_manual: o.healthGrade !== null,
    health_why: c.health.why,
    trend: c.trend.trend,
    trend_label: lang === 'tr' ? (TREND_TR[c.trend.label] ?? c.trend.label) : c.trend.label,
    owner: summaryOf(users, o.ownerId, locale),
    tags: o.tags,
    revived_from_id: o.revivedFromId,
    revived_to_id: o.revivedToId,
    threads_n: o.threadsN ?? 0,
  };
}

/** A page of the scalar records, in the order the page holds them. */
export const opportunityPageView = (page: OppPage, ws: Workspace) => page.items.map((v) => opportunityView(v, ws, page.users));

/** Spec 2.6 with its nested arrays: the record GET by id answers. */
export function opportunityRecordView(d: OppDetail, ws: Workspace): z.output<typeof OpportunitySchema> {
  const tz = ws.timezone;
  const locale = ws.app.locale;
  return {
    ...opportunityView(d, ws, d.users),
    logs: d.logs.map((l) => ({ date: formatTimestamp(l.at, tz), from: l.fromStage, to: l.toStage, note: l.note, user: l.userId ? (d.users.get(l.userId)?.fullName ?? '') : '' })),
    steps: d.steps.map((s) => stepView(s, d.users, locale)),
    tasks: d.tasks.map((t) => ({ id: t.id, title: t.title, due_date: t.dueDate, priority: t.priority, status: t.status, assignee: summaryOf(d.users, t.assigneeId, locale) })),
    notes: d.notes.map((n) => ({ id: n.id, body: n.body, user: n.userId ? (d.users.get(n.userId)?.fullName ?? '') : '', created_at: formatTimestamp(n.createdAt, tz) })),
    visits: d.visits.map((a) => ({ id: a.id, date: a.date, type: a.type, topic: a.topic, note: a.note, next_action: a.nextAction })),
    threads: d.threads.map((t) => ({ id: t.id, subject: t.subject, messages_n: t.messages_n, last_message_at: formatTimestamp(new Date(t.last_message_at), tz), user_id: t.user_id })),
    demos: [] as never[],
    offers: [] as never[],
    orders: d.orders.map(toOrderRow),
    objects: linkedRecordsView(d.objects),
  };
}

/**
 * The compact projection MCP tools and Ask's model answer (what a conversation needs, not the screen's
 * fields). It differs from the record on purpose in two places: `customer` is null when the company is gone (the
 * record says ''), and `is_open` is the stored flag (the record's follows the stage's place in today's pipeline).
 */
export const OpportunityCompact = OpportunitySummarySchema.pick(
  maskOf(['rid', 'id', 'name', 'stage', 'is_open', 'value', 'currency', 'close_date', 'customer_id', 'customer', 'external_id']),
).extend({
  customer: z.string().nullable().meta({ description: "the company's name; null when it no longer exists" }),
  owner_id: field.id(),
});

export const opportunityCompact = ({ opp: o, customer }: Pick<OppView, 'opp' | 'customer'>): z.output<typeof OpportunityCompact> => ({
  rid: rid('O', o.id),
  id: o.id,
  name: o.name,
  stage: o.stage,
  is_open: o.isOpen,
  value: o.value,
  currency: o.currency,
  close_date: o.closeDate,
  customer_id: o.customerId,
  customer: customer?.name ?? null,
  owner_id: o.ownerId,
  external_id: o.externalId,
});

/** The compact record with the next stage and the notes: what a stage move or a note answers. */
export const OpportunityBriefCompact = OpportunityCompact.extend({
  next_stage: OpportunitySummarySchema.shape.next_stage,
  notes: z.array(z.object({ id: field.id(), body: z.string() })).meta({ description: 'notes, newest first' }),
});

export const opportunityBriefCompact = (b: OppBrief): z.output<typeof OpportunityBriefCompact> => ({ ...opportunityCompact(b), next_stage: b.nextStage, notes: b.notes.map((n) => ({ id: n.id, body: n.body })) });

/** The compact record as a read answers it: the brief plus the checklist steps (toggle_opportunity_step takes their ids). */
export const OpportunityDetailCompact = OpportunityBriefCompact.extend({
  steps: z.array(StepSchema.pick(maskOf(['id', 'stage', 'title', 'done', 'note']))).meta({ description: "the stages' checklist steps (toggle_opportunity_step takes their ids)" }),
});

export const opportunityDetailCompact = (d: OppDetail): z.output<typeof OpportunityDetailCompact> => ({
  ...opportunityBriefCompact({ ...d, nextStage: d.computed.nextStage }),
  steps: d.steps.map((s) => ({ id: s.id, stage: s.stage, title: s.title, done: s.done, note: s.note })),
});
