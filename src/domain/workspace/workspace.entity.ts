import type { WorkspaceLabels } from './labels';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export interface AppSettings {
  accent: string;
  accent_dark: string;
  company: string;
  name: string;
  logo: string;
  site_url: string;
  currencies: string[];
  currency_base: string;
  currency_symbol: string;
  opp_lifetime_days: number;
  ticket_sla_hours: Record<string, number>;
  unit_default: string;
  units: string[];
  locale: string;
}

/** What a stage means to the rules (docs/crm-rules.md): open, or one of the three ways to close. */
export type StageRole = 'open' | 'won' | 'lost' | 'cancelled';
export const STAGE_ROLES: readonly StageRole[] = ['open', 'won', 'lost', 'cancelled'];

/**
 * Gate rules of a stage, as data (a closed vocabulary evaluated by src/domain/crm/opportunities/rules.ts).
 * A flag that is absent or false is not checked.
 */
export interface GateRules {
  /** BANT score (flags set, 0-4) at least this. */
  bant_min?: number;
  /** Single BANT flags: budget (B), authority (A), need (N), timing (T). */
  budget?: boolean;
  authority?: boolean;
  need?: boolean;
  timing?: boolean;
  /** A product chosen. */
  product?: boolean;
  /** An offer price above zero. */
  offer_price?: boolean;
  /** Payment terms (payment_days) set. */
  payment_days?: boolean;
  /** An expected close date. */
  close_date?: boolean;
  /** A close date that is not in the past. */
  close_date_future?: boolean;
  /** A value above zero. */
  value_positive?: boolean;
}
export const GATE_RULE_KEYS = ['bant_min', 'budget', 'authority', 'need', 'timing', 'product', 'offer_price', 'payment_days', 'close_date', 'close_date_future', 'value_positive'] as const;
export type BantKey = 'b' | 'a' | 'n' | 't';
export const BANT_KEYS: readonly BantKey[] = ['b', 'a', 'n', 't'];

/** A checklist step created when an opportunity enters the stage; `bant` makes it an automatic BANT step. */
export interface StageStep {
  title: string;
  bant?: BantKey;
}

export interface WorkspaceConstants {
  stages: string[];
  stage_labels: Record<string, string>;
  stage_colors: Record<string, string>;
  stage_gate: Record<string, string>;
  stage_sla: Record<string, number>;
  stage_prob: Record<string, number>;
  stage_rules: boolean;
  open_stages: string[];
  action_soon_days: number;
  barriers: string[];
  customer_statuses: string[];
  demo_results: string[];
  demo_statuses: string[];
  forecast_cats: string[];
  lead_interest: string[];
  lead_next_actions: string[];
  lead_statuses: string[];
  lead_timings: string[];
  lead_visitor_types: string[];
  loss_reasons: string[];
  makro_stages: string[];
  next_actions: string[];
  opp_types: string[];
  order_kinds: string[];
  task_priorities: string[];
  task_statuses: string[];
  visit_topics: string[];
  visit_types: string[];
  opp_line_label: string;
  opp_status_labels: boolean;
  visit_period: Record<string, number>;
  /**
   * Labels per language of the keys above (labels.ts): `{en: {list: {key: label}}, tr: …}`. Absent in
   * workspaces made before labels existed: they read the default labels of the keys they have.
   */
  labels?: WorkspaceLabels;
  // --- rules as data (not in spec 2.3; sent in `me` as extra fields) ---
  /** Every stage's role; `open_stages` are exactly the open ones, in pipeline order; one stage is won. */
  stage_roles: Record<string, StageRole>;
  /** Gate rules checked when entering the stage. */
  stage_gates: Record<string, GateRules>;
  /** Checklist of each stage. */
  stage_steps: Record<string, StageStep[]>;
  /** Forecast category of each stage (one of forecast_cats) when none is set by hand. */
  stage_fc: Record<string, string>;
  /** Task statuses of finished work (never overdue); `task_done_status` (one of them) sets done_at. */
  task_closed_statuses: string[];
  task_done_status: string;
  /** Company statuses that always count as at risk. */
  customer_at_risk_statuses: string[];
  /** Company statuses that make a company an account (`is_account`). */
  customer_account_statuses: string[];
  /** Default expected close date of a new opportunity: start_date + this many days. */
  sales_cycle_days: number;
  /**
   * Visits and completed tasks a user aims at per week: Today's progress bars and the activity report measure
   * against them (docs/decisions/reports.md, "Weekly targets"); admins set them (PUT /api/v1/settings/weekly-targets).
   */
  weekly_visit_target: number;
  weekly_task_target: number;
  // --- orders and tickets (not in spec 2.3; sent in `me` as extra fields) ---
  /** Every order status; `order_new_status` is the status of a new order. */
  order_statuses: string[];
  order_new_status: string;
  /** Statuses meaning the order was sent to the ERP (spec 3.5): the PO is frozen, no second send. */
  order_erp_statuses: string[];
  /** The status `POST /orders/{id}/erp` sets (one of order_erp_statuses). */
  order_sent_status: string;
  /** Support ticket statuses; a new ticket gets `ticket_new_status`; closed ones are never overdue. */
  ticket_statuses: string[];
  ticket_new_status: string;
  ticket_closed_statuses: string[];
  // --- fair leads (not in spec 2.3; sent in `me` as extra fields) ---
  /** Status of a new lead (one of lead_statuses). */
  lead_status_new: string;
  /** Status a conversion sets (one of lead_statuses). */
  lead_status_converted: string;
  /**
   * Status a lead takes when its opportunity is won: a display status that need not be one of
   * lead_statuses (PATCH cannot set it then); `status_eff` shows it whenever the linked opportunity is won.
   */
  lead_status_won: string;
  /** Lead statuses that need no more work (Today's leads card leaves them out); includes lead_status_converted. */
  lead_closed_statuses: string[];
  /** Visit type of the fair visit a conversion logs (one of visit_types). */
  lead_visit_type: string;
  // --- approvals ---
  /** Country (ISO 3166-1 alpha-2, known to date-holidays) whose public holidays leave requests skip. */
  holiday_country: string;
  // --- quick entry ---
  /** Quick Entry templates (spec 2.11); `default_template` picks one by department (team), visit type, then is_default. */
  qe_templates: QeTemplate[];
  /** Seconds the app offers to undo a Quick Entry save (`undo_seconds`). */
  qe_undo_seconds: number;
  /** Next-step role the rules recognise (call, visit, offer, ...) -> one of next_actions. */
  qe_next_action_roles: Record<string, string>;
  /** Trial outcome the rules recognise (positive, negative, partial, ongoing) -> one of demo_results. */
  qe_trial_results: Record<string, string>;
  /** Visit type -> icon name, for the `visit_types` of the Quick Entry config. */
  qe_visit_type_icons: Record<string, string>;
}

// --- quick entry ---
/** Quick Entry blocks and the keys of their fields (labels and types: src/domain/crm/quick-entry/config.rules.ts). */
export const QE_BLOCK_FIELDS = {
  contact: ['person_id'],
  opp: ['opp_id'],
  product: ['product_id'],
  price: ['price', 'currency', 'unit'],
  quantity: ['kg', 'unit'],
  payment: ['payment_days'],
  trial: ['result', 'note'],
  next: ['action', 'date', 'note'],
} as const;
export type QeBlockKey = keyof typeof QE_BLOCK_FIELDS;
export const QE_BLOCK_KEYS = Object.keys(QE_BLOCK_FIELDS) as QeBlockKey[];
/** Conditions a template block can carry (`cond`); '' = always shown. */
export const QE_CONDS = { has_opp: 'When an opportunity is linked', has_product: 'When a product is chosen', is_trial: 'When the visit is a trial', new_customer: 'When the company is a prospect' } as const;
export const QE_BLOCK_STATES = ['open', 'chip', 'off'] as const;
/** Next-step roles of the suggestion rules, and trial outcomes. */
export const QE_NEXT_STEP_ROLES = ['call', 'visit', 'offer', 'samples', 'email', 'trial', 'meeting'] as const;
export const QE_TRIAL_OUTCOMES = ['positive', 'negative', 'partial', 'ongoing'] as const;

export interface QeTemplateBlock {
  k: string;
  label: string;
  /** A key of QE_CONDS, or '' (always). */
  cond: string;
  /** open: shown open; chip: a chip the user opens; off: hidden. */
  st: 'open' | 'chip' | 'off';
  req: boolean;
  /** Default values by field key. */
  def: Record<string, string>;
  /** The block's fields shown, in order (empty = all). */
  fl: string[];
}

export interface QeTemplate {
  id: number;
  name: string;
  icon: string;
  /** One of visit_topics, or ''. */
  topic: string;
  /** A department (users.department), or '' for everyone. */
  team: string;
  /** One of visit_types, or ''. */
  vtype: string;
  is_default: boolean;
  blocks: QeTemplateBlock[];
}

export interface LicenseSettings {
  modules: string[];
  seats: number | null;
  state: string;
  end: string | null;
  blocked: boolean;
  customer: string;
  no: string | null;
  label: string;
}

/** A workspace (installation). The root of tenancy: not itself a tenant table. */
@Entity('workspaces')
export class Workspace {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 63, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 64 })
  timezone: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  app: AppSettings;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  constants: WorkspaceConstants;

  /** Units of the base currency per 1 unit of the key currency, e.g. {"EUR": 1, "USD": 0.92}. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  currencyRates: Record<string, number>;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  license: LicenseSettings;

  @Column({ type: 'boolean', default: false })
  ai: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
