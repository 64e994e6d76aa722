import type { WorkspaceLabels } from './labels';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { constantsBlocks } from './constants-blocks';

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
  // --- approvals ---
  /** Country (ISO 3166-1 alpha-2, known to date-holidays) whose public holidays leave requests skip. */
  holiday_country: string;
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

/**
 * The stored constants with the keys of a feature's block they lack (a block added since the workspace was made):
 * its defaults, until an admin sets them (`constants:set` writes the whole). So a new block needs no data migration.
 */
export function withBlockDefaults(stored: WorkspaceConstants | null): WorkspaceConstants {
  const c = { ...(stored ?? {}) } as Record<string, unknown>;
  for (const block of constantsBlocks()) for (const [k, v] of Object.entries(block.defaults())) if (c[k] === undefined) c[k] = v;
  return c as unknown as WorkspaceConstants;
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

  @Column({ type: 'jsonb', default: () => "'{}'", transformer: { to: (c: WorkspaceConstants) => c, from: withBlockDefaults } })
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
