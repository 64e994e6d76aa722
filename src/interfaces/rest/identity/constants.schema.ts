import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { defaultConstants } from '../../../domain/workspace/defaults';
import { labelNames, resolveLabels } from '../../../domain/workspace/labels';
import { constantsBlocks } from '../../../domain/workspace/constants-blocks';
// the features' blocks register when the CRM is loaded: imported here before the schema and `defaultConstants()` read them
import '../../../domain/crm/constants-blocks';
import { QE_BLOCK_STATES } from '../../../domain/crm/quick-entry/quick-entry.constants';
import { BANT_KEYS, STAGE_ROLES } from '../../../domain/workspace/workspace.entity';

const values = (what: string) => z.array(z.string()).meta({ description: `allowed values of ${what} in this installation` });
const byStage = <T extends z.ZodType>(value: T, description: string) => z.record(z.string(), value).meta({ description: `stage key -> ${description}` });

/** Gate rules of a stage (a flag absent or false is not checked). */
const GateRules = z.object({
  bant_min: z.int().min(0).max(4).optional().meta({ description: 'BANT score (flags set, 0-4) at least this' }),
  budget: z.boolean().optional(),
  authority: z.boolean().optional(),
  need: z.boolean().optional(),
  timing: z.boolean().optional(),
  product: z.boolean().optional().meta({ description: 'a product chosen' }),
  offer_price: z.boolean().optional().meta({ description: 'an offer price above zero' }),
  payment_days: z.boolean().optional().meta({ description: 'payment terms set' }),
  close_date: z.boolean().optional().meta({ description: 'an expected close date' }),
  close_date_future: z.boolean().optional().meta({ description: 'a close date that is not in the past' }),
  value_positive: z.boolean().optional().meta({ description: 'a value above zero' }),
});

const QeTemplateBlock = z.object({
  k: z.string().meta({ description: 'block key: contact, opp, product, price, quantity, payment, trial, next' }),
  label: z.string(),
  cond: z.string().meta({ description: "when the block shows: has_opp, has_product, is_trial, new_customer, or '' (always)" }),
  st: z.enum(QE_BLOCK_STATES).meta({ description: 'open: shown open; chip: a chip the user opens; off: hidden' }),
  req: z.boolean(),
  def: z.record(z.string(), z.string()).meta({ description: 'default values by field key' }),
  fl: z.array(z.string()).meta({ description: "the block's fields shown, in order (empty: all)" }),
});

const QeTemplate = z.object({
  id: f.id(),
  name: z.string(),
  icon: z.string(),
  topic: z.string().meta({ description: "one of visit_topics, or ''" }),
  team: z.string().meta({ description: "a department, or '' for everyone" }),
  vtype: z.string().meta({ description: "one of visit_types, or ''" }),
  is_default: z.boolean(),
  blocks: z.array(QeTemplateBlock),
});

/** Spec 2.3, and the rules-as-data fields beyond it (the stage probabilities stay internal). */
export const Constants = named(
  'Constants',
  z.object({
    stages: z.array(z.string()).meta({ description: 'every stage key, in pipeline order' }),
    stage_labels: byStage(z.string(), 'label'),
    stage_colors: byStage(z.string(), 'colour (#rrggbb)'),
    stage_gate: byStage(z.string(), 'what the gate asks, in words'),
    stage_sla: byStage(z.int(), 'days an opportunity may stay in the stage'),
    stage_rules: z.boolean().meta({ description: 'whether stage gates are enforced' }),
    open_stages: z.array(z.string()).meta({ description: 'the stages that count as open' }),
    action_soon_days: z.int().meta({ description: 'an action due within this many days counts as due soon' }),
    barriers: values('opportunity barriers'),
    customer_statuses: values('company statuses'),
    demo_results: values('trial results'),
    demo_statuses: values('trial statuses'),
    forecast_cats: values('forecast categories'),
    lead_interest: values('lead interest'),
    lead_next_actions: values('lead next actions'),
    lead_statuses: values('lead statuses'),
    lead_timings: values('lead timings'),
    lead_visitor_types: values('lead visitor types'),
    loss_reasons: values('loss reasons'),
    makro_stages: values('macro stages'),
    next_actions: values('next actions of visits'),
    opp_types: values('opportunity types'),
    order_kinds: values('order kinds'),
    task_priorities: values('task priorities'),
    task_statuses: values('task statuses'),
    visit_topics: values('visit topics'),
    visit_types: values('visit types'),
    opp_line_label: z.string().meta({ description: "the label of an opportunity's product line field" }),
    opp_status_labels: z.boolean(),
    visit_period: z.record(z.string(), z.int()).meta({ description: 'company status -> days between visits' }),
    stage_roles: byStage(z.enum(STAGE_ROLES), 'open, won, lost or cancelled (beyond the spec)'),
    stage_gates: byStage(GateRules, 'gate rules checked when entering it (beyond the spec)'),
    stage_steps: byStage(
      z.array(z.object({ title: z.string(), bant: z.enum(BANT_KEYS).optional().meta({ description: 'an automatic BANT step' }) })),
      'its checklist, created when an opportunity enters it (beyond the spec)',
    ),
    stage_fc: byStage(z.string(), 'default forecast category, one of forecast_cats (beyond the spec)'),
    task_closed_statuses: z.array(z.string()).meta({ description: 'task statuses of finished work (never overdue)' }),
    task_done_status: z.string().meta({ description: 'the status that marks a task done (one of task_closed_statuses)' }),
    customer_at_risk_statuses: z.array(z.string()).meta({ description: 'company statuses that always count as at risk' }),
    customer_account_statuses: z.array(z.string()).meta({ description: 'company statuses that make a company an account' }),
    sales_cycle_days: z.int().meta({ description: "a new opportunity's default expected close date: start date + this many days" }),
    weekly_visit_target: z.int().meta({ description: "visits per user and week that Today's progress bar and the activity report measure against (PUT /api/v1/settings/weekly-targets)" }),
    weekly_task_target: z.int().meta({ description: "completed tasks per user and week that Today's progress bar and the activity report measure against (PUT /api/v1/settings/weekly-targets)" }),
    // the keys of the features' blocks that declare their schema (orders, tickets, leads), in registration order;
    // typed here as no keys, the document has them
    ...(Object.assign({}, ...constantsBlocks().map((b) => b.schema ?? {})) as object),
    holiday_country: z.string().meta({ description: 'ISO 3166-1 alpha-2 country whose public holidays leave requests skip' }),
    qe_templates: z.array(QeTemplate).meta({ description: 'Quick Entry templates (spec 2.11)' }),
    qe_undo_seconds: z.int().meta({ description: 'seconds the app offers to undo a Quick Entry save' }),
    qe_next_action_roles: z.record(z.string(), z.string()).meta({ description: 'next-step role (call, visit, offer, ...) -> one of next_actions' }),
    qe_trial_results: z.record(z.string(), z.string()).meta({ description: 'trial outcome (positive, negative, partial, ongoing) -> one of demo_results' }),
    qe_visit_type_icons: z.record(z.string(), z.string()).meta({ description: 'visit type -> icon name' }),
    labels: z
      .record(z.string(), z.record(z.string(), z.string()))
      .meta({
        description:
          "Labels in the caller's language (the user's language setting, else the workspace's): list -> {key -> label}, one entry per key. Lists: " +
          `${labelNames().join(', ')}. Subsets (open_stages, task_closed_statuses, order_erp_statuses…) use their list's labels; stage_gate is keyed by stage, ` +
          'stage_steps by the stored step title, health by grade (A-D, - for closed). Keys never change; show the label, send the key.',
      }),
  }),
  { description: 'Installation constants (spec 2.3): the allowed values of list fields and the pipeline, plus the rules as data the apps evaluate.' },
);
const { stage_prob: _prob, labels: _labels, ...constantsDefaults } = defaultConstants();
const exampleValue: Record<string, unknown> = { ...constantsDefaults, labels: resolveLabels(defaultConstants(), 'en') };
// in the schema's order: a new workspace's constants list the features' blocks after the common keys
export const constantsExample = example(Constants, Object.fromEntries(Object.keys(Constants.shape).filter((k) => k in exampleValue).map((k) => [k, exampleValue[k]])) as z.output<typeof Constants>);
export const stageSlaExample = constantsExample.stage_sla;
