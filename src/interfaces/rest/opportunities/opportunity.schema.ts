import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { opportunityRecordView, opportunityView, stepView } from '../../../domain/crm/opportunities/opportunity.view';
import { LinkedRecords, linkedRecordsExample, UserSummary, userSummaryExample } from '../shared/common.schema';
import { OrderRow, orderRowExample } from '../orders/order.schema';

const STAGE = 'a stage key: one of constants.stages (GET /api/v1/me)';

/** Spec 2.7. */
export const Step = named(
  'Step',
  z.object({
    id: f.id(),
    title: z.string(),
    stage: z.string().meta({ description: 'the stage whose checklist the step belongs to' }),
    state: z.enum(['open', 'done']),
    done: z.boolean(),
    auto: z.boolean().meta({ description: 'set automatically (the BANT steps follow the BANT flags)' }),
    due_date: f.date().nullable(),
    note: z.string().meta({ description: 'at most 250 characters' }),
    assignee: UserSummary.nullable(),
  }),
  { description: 'A checklist step of a stage (spec 2.7).' },
);
export const stepExample = example(Step, {
  id: 512, title: 'Budget confirmed', stage: 'Qualify', state: 'done', done: true, auto: true, due_date: null, note: 'Confirmed by the purchasing manager', assignee: userSummaryExample,
});

/** Spec 2.6 scalar fields: what lists return (GET by id adds the nested arrays). */
export const OpportunitySummary = named(
  'OpportunitySummary',
  z.object({
    id: f.id(),
    rid: z.string().meta({ description: 'display key, e.g. O-95' }),
    name: z.string(),
    customer_id: f.id(),
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
    product_id: f.id().nullable(),
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
    close_date: f.date().meta({ description: 'expected close date' }),
    start_date: f.date(),
    last_update: f.date(),
    updated_at: f.timestamp(),
    closed_at: f.timestamp().nullable(),
    close_category: z.string(),
    close_reason: z.string().meta({ description: 'one of constants.loss_reasons when lost or cancelled' }),
    detail_status: z.string(),
    days_in_stage: f.count(),
    lifetime_left: z.int().meta({ description: 'days left of the opportunity lifetime (app.opp_lifetime_days); negative when exceeded, 0 when closed' }),
    sla_days: f.count().meta({ description: 'the SLA of the stage in days (constants.stage_sla)' }),
    sla_left: z.int().meta({ description: 'days left of the stage SLA; negative when overdue' }),
    fc: z.string().meta({ description: 'forecast category: one of constants.forecast_cats' }),
    health: z.object({ grade: z.string(), label: z.string().meta({ description: "the grade's label in the caller's language (constants.labels.health), or the label set by hand" }), score: z.int() }),
    health_color: z.string(),
    health_note: z.string(),
    health_manual: z.boolean().meta({ description: 'the grade was set by hand' }),
    health_why: z.array(z.array(z.string())).meta({ description: '[code, reason] pairs: the penalties behind the score' }),
    trend: z.string().meta({ description: 'up, down or flat' }),
    trend_label: z.string(),
    owner: UserSummary.nullable(),
    tags: z.array(z.string()),
    revived_from_id: f.id().nullable().meta({ description: 'the closed opportunity this one revived' }),
    revived_to_id: f.id().nullable().meta({ description: 'the opportunity that revived this one' }),
    threads_n: f.count(),
  }),
  { description: 'An opportunity as lists return it: the scalar fields of spec 2.6.' },
);
export const opportunitySummaryExample = example(OpportunitySummary, {
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
  health_why: [['low_bant', 'BANT score 1 of 4']], trend: 'up', trend_label: 'Advancing', owner: userSummaryExample,
  tags: ['priority'], revived_from_id: null, revived_to_id: null, threads_n: 0,
});

const NOT_KEPT = 'always empty: not kept by this service';

/** Spec 2.6 with its nested arrays. */
export const Opportunity = named(
  'Opportunity',
  OpportunitySummary.extend({
    logs: z.array(
      z.object({
        date: f.timestamp(),
        from: z.string().nullable().meta({ description: 'null on the first entry' }),
        to: z.string(),
        note: z.string(),
        user: z.string().meta({ description: "the user's full name; '' when unknown" }),
      }),
    ).meta({ description: 'stage changes' }),
    steps: z.array(Step),
    tasks: z.array(z.object({ id: f.id(), title: z.string(), due_date: f.date().nullable(), priority: z.string(), status: z.string(), assignee: UserSummary.nullable() })),
    notes: z.array(z.object({ id: f.id(), body: z.string(), user: z.string().meta({ description: "the author's full name" }), created_at: f.timestamp() })),
    visits: z.array(z.object({ id: f.id(), date: f.date(), type: z.string(), topic: z.string(), note: z.string(), next_action: z.string() })),
    threads: z
      .array(z.object({ id: f.id(), subject: z.string(), messages_n: f.count(), last_message_at: f.timestamp(), user_id: f.id() }))
      .meta({ description: 'e-mail threads filed on the opportunity, newest first (at most 50; GET /api/v1/emails/threads/{id} for the messages); empty without the Email module' }),
    demos: z.array(z.unknown()).meta({ description: NOT_KEPT }),
    offers: z.array(z.unknown()).meta({ description: NOT_KEPT }),
    orders: z.array(OrderRow).meta({ description: 'visible orders of the opportunity, newest first; empty without the Orders module' }),
    objects: LinkedRecords,
  }),
  {
    description: 'An opportunity (spec 2.6), returned as `opp`.',
    example: {
      ...opportunitySummaryExample,
      logs: [{ date: '2026-11-08T10:12:00', from: 'Viable', to: 'Present Solution', note: '', user: 'Ayşe Demir' }],
      steps: [stepExample],
      tasks: [{ id: 230, title: 'Send the trial results', due_date: '2026-11-28', priority: 'High', status: 'Open', assignee: userSummaryExample }],
      notes: [{ id: 77, body: 'Trial on line 2 went well.', user: 'Ayşe Demir', created_at: '2026-11-19T15:02:41' }],
      visits: [{ id: 801, date: '2026-11-18', type: 'F2F', topic: 'Trial', note: '', next_action: 'Send the results' }],
      threads: [], demos: [], offers: [],
      orders: [orderRowExample],
      objects: linkedRecordsExample,
    },
  },
);

export const OpportunityResponse = named('OpportunityResponse', z.object({ ok: f.ok(), opp: Opportunity }));
export const StepToggleResponse = named('StepToggleResponse', z.object({ ok: f.ok(), opp: Opportunity, step: Step }), {
  description: 'The opportunity after the toggle and the step.',
});
export const OpportunityList = listOf('OpportunityList', OpportunitySummary, 'A page of opportunities, newest first.');

/** The domain's read model is what these schemas document (src/domain/crm/opportunities/opportunity.view.ts). */
export type OpportunityViewFits = [
  Assert<Conforms<ReturnType<typeof stepView>, typeof Step>>,
  Assert<Conforms<ReturnType<typeof opportunityView>, typeof OpportunitySummary>>,
  Assert<Conforms<ReturnType<typeof opportunityRecordView>, typeof Opportunity>>,
];
