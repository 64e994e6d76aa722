import { summaryOf } from '../../identity/user.view';
import { labelLang, labelOf, type LabelLang } from '../../workspace/labels';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp, dateIn } from '../../../platform/common/time';
import { linkedRecordsView } from '../objects';
import { toOrderRow } from '../orders';
import { initials } from '../shared/initials';
import { rid } from '../shared/record-keys';
import { currencySymbol, unitCode, valueShort } from './opportunities.rules';
import type { OppBrief, OppDetail, OppPage, OppView } from './opportunity.types';
import type { Step } from './step.entity';
import type { User } from '../../identity/user.entity';

/**
 * The read model of an opportunity: the record as the outside world sees it (spec 2.6), dates and timestamps in the
 * workspace's local time, names beside ids, labels in the reader's language. REST answers it and documents it
 * (`src/interfaces/rest/opportunities/opportunity.schema.ts`, checked against this shape by tsc), exports write its
 * columns, and MCP answers its compact projection (below), so a field is mapped here once.
 */

/** The stage guide: what the next stage's gate asks, in the reader's language. */
const guideText = (lang: LabelLang, stage: string, gate: string): string => (lang === 'tr' ? `${stage} için: ${gate}` : `To reach ${stage}: ${gate}`).trim();
/** Trend labels (opportunities.rules `trend`) in Turkish. */
const TREND_TR: Record<string, string> = { Advancing: 'İlerliyor', Slipping: 'Geriliyor', Steady: 'Durağan', Won: 'Kazanıldı', Lost: 'Kaybedildi', Cancelled: 'İptal edildi' };

/** A checklist step (spec 2.7). */
export function stepView(s: Step, users: Map<number, User>, locale: string) {
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
export function opportunityView(v: OppView, ws: Workspace, users: Map<number, User>) {
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
export function opportunityRecordView(d: OppDetail, ws: Workspace) {
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
export const opportunityCompact = ({ opp: o, customer }: Pick<OppView, 'opp' | 'customer'>) => ({
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
export const opportunityBriefCompact = (b: OppBrief) => ({ ...opportunityCompact(b), next_stage: b.nextStage, notes: b.notes.map((n) => ({ id: n.id, body: n.body })) });

/** The compact record as a read answers it: the brief plus the checklist steps (toggle_opportunity_step takes their ids). */
export const opportunityDetailCompact = (d: OppDetail) => ({
  ...opportunityBriefCompact({ ...d, nextStage: d.computed.nextStage }),
  steps: d.steps.map((s) => ({ id: s.id, stage: s.stage, title: s.title, done: s.done, note: s.note })),
});
