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
