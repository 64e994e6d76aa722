import { defaultLabelsFor } from './labels';
import { constantsBlocks } from './constants-blocks';
import { AppSettings, LicenseSettings, WorkspaceConstants } from './workspace.entity';

/** Licence modules. Endpoints name the one they need (spec 1, 7.1). */
export const MODULES = {
  customers: 'Customers',
  opportunities: 'Opportunities',
  activities: 'Visits / Activities',
  leads: 'Fair leads',
  orders: 'Orders',
  email: 'Email',
  approvals: 'Approvals',
  support: 'Support',
  ask: 'Ask',
} as const;
export type ModuleName = (typeof MODULES)[keyof typeof MODULES];
export const ALL_MODULES: string[] = Object.values(MODULES);

/**
 * Permissions a user may hold beside modules, kept in the same per-user list (`users.modules`) but not
 * licensed: they allow an action, not a part of the product. Admins hold them all.
 */
export const PERMISSIONS = {
  /** Import jobs (/api/v1/imports). */
  import: 'import',
} as const;
export const ALL_PERMISSIONS: string[] = Object.values(PERMISSIONS);

export const STAGES = ['Qualify', 'Viable', 'Present Solution', 'Negotiation', 'Expect to Close', 'Win', 'Lost', 'Cancel'];

export function defaultConstants(): WorkspaceConstants {
  // the common keys here; the features' blocks (registered, merged below) complete the type
  const c: Partial<WorkspaceConstants> = {
    stages: [...STAGES],
    stage_labels: Object.fromEntries(STAGES.map((s) => [s, s])),
    stage_colors: {
      Qualify: '#94a3b8',
      Viable: '#60a5fa',
      'Present Solution': '#818cf8',
      Negotiation: '#f59e0b',
      'Expect to Close': '#10b981',
      Win: '#16a34a',
      Lost: '#dc2626',
      Cancel: '#6b7280',
    },
    stage_gate: {
      Qualify: 'A customer and a named need.',
      Viable: 'BANT score of at least 2 and a product chosen.',
      'Present Solution': 'Need confirmed (BANT N) and an expected close date.',
      Negotiation: 'An offer price and payment terms (days).',
      'Expect to Close': 'BANT score of at least 3 and a close date that is not in the past.',
      Win: 'A value above zero.',
      Lost: 'A loss reason.',
      Cancel: 'A loss reason.',
    },
    stage_sla: { Qualify: 14, Viable: 21, 'Present Solution': 21, Negotiation: 30, 'Expect to Close': 14, Win: 0, Lost: 0, Cancel: 0 },
    stage_prob: { Qualify: 0.1, Viable: 0.25, 'Present Solution': 0.4, Negotiation: 0.6, 'Expect to Close': 0.8, Win: 1, Lost: 0, Cancel: 0 },
    stage_rules: true,
    open_stages: STAGES.slice(0, 5),
    action_soon_days: 3,
    barriers: ['Price', 'Technical fit', 'Existing supplier', 'Approval pending', 'Budget timing'],
    customer_statuses: ['Prospect', 'Active', 'Key account', 'Passive', 'Former'],
    demo_results: ['Successful', 'Partly successful', 'Unsuccessful', 'Pending'],
    demo_statuses: ['Planned', 'Running', 'Completed', 'Cancelled'],
    forecast_cats: ['Pipeline', 'Best case', 'Commit', 'Closed', 'Omitted'],
    lead_interest: ['High', 'Medium', 'Low'],
    lead_next_actions: ['Call', 'Send offer', 'Visit', 'Send samples', 'E-mail'],
    lead_statuses: ['Yeni', 'İletişime geçildi', 'Teklif verildi', 'Aktarıldı', 'Vazgeçildi'],
    lead_timings: ['Now', 'This quarter', 'This year', 'Later'],
    lead_visitor_types: ['Customer', 'Prospect', 'Distributor', 'Competitor', 'Other'],
    loss_reasons: ['Price', 'Competitor', 'No budget', 'No decision', 'Product fit', 'Timing', 'Other'],
    makro_stages: ['Lead', 'Opportunity', 'Proposal', 'Closing'],
    next_actions: ['Call', 'Visit', 'Send offer', 'Send samples', 'Follow-up e-mail', 'Trial', 'Meeting'],
    opp_types: ['New business', 'Existing customer', 'Trial', 'Tender'],
    order_kinds: ['Sales', 'Sample', 'Return'],
    task_priorities: ['Low', 'Normal', 'High', 'Urgent'],
    task_statuses: ['Open', 'In progress', 'Done', 'Cancelled'],
    visit_topics: ['Introduction', 'Product presentation', 'Offer', 'Negotiation', 'Trial follow-up', 'Complaint', 'Relationship'],
    visit_types: ['F2F', 'Online', 'Call', 'Deneme'],
    opp_line_label: 'Product line',
    opp_status_labels: true,
    visit_period: { Prospect: 30, Active: 21, 'Key account': 14, Passive: 60, Former: 90 },
    ...stageRuleDefaults(),
    // --- approvals ---
    holiday_country: 'TR',
  };
  // the blocks the features own (orders, tickets, quick entry …), after the common keys
  for (const block of constantsBlocks()) Object.assign(c, block.defaults());
  // every default key has a label in English and Turkish (default-labels.ts)
  c.labels = defaultLabelsFor(c);
  return c as WorkspaceConstants;
}

/** The rules-as-data part of the constants (also merged into existing workspaces by a migration). */
export function stageRuleDefaults(): Pick<
  WorkspaceConstants,
  'stage_roles' | 'stage_gates' | 'stage_steps' | 'stage_fc' | 'task_closed_statuses' | 'task_done_status' | 'customer_at_risk_statuses' | 'customer_account_statuses' | 'sales_cycle_days'
> & Pick<WorkspaceConstants, 'weekly_visit_target' | 'weekly_task_target'> {
  return {
    stage_roles: { Qualify: 'open', Viable: 'open', 'Present Solution': 'open', Negotiation: 'open', 'Expect to Close': 'open', Win: 'won', Lost: 'lost', Cancel: 'cancelled' },
    stage_gates: {
      Qualify: {},
      Viable: { bant_min: 2, product: true },
      'Present Solution': { need: true, close_date: true },
      Negotiation: { offer_price: true, payment_days: true },
      'Expect to Close': { bant_min: 3, close_date: true, close_date_future: true },
      Win: { value_positive: true },
      Lost: {},
      Cancel: {},
    },
    stage_steps: {
      Qualify: [
        { title: 'Budget confirmed', bant: 'b' },
        { title: 'Decision maker known (authority)', bant: 'a' },
        { title: 'Need confirmed', bant: 'n' },
        { title: 'Timing agreed', bant: 't' },
        { title: 'First meeting held' },
      ],
      Viable: [{ title: 'Product selected' }, { title: 'Samples sent' }],
      'Present Solution': [{ title: 'Solution presented' }, { title: 'Trial agreed' }],
      Negotiation: [{ title: 'Offer sent' }, { title: 'Payment terms agreed' }],
      'Expect to Close': [{ title: 'Order date confirmed' }, { title: 'Purchase order expected' }],
      Win: [],
      Lost: [],
      Cancel: [],
    },
    stage_fc: {
      Qualify: 'Pipeline',
      Viable: 'Pipeline',
      'Present Solution': 'Best case',
      Negotiation: 'Best case',
      'Expect to Close': 'Commit',
      Win: 'Closed',
      Lost: 'Omitted',
      Cancel: 'Omitted',
    },
    task_closed_statuses: ['Done', 'Cancelled'],
    task_done_status: 'Done',
    customer_at_risk_statuses: ['Passive'],
    customer_account_statuses: ['Active', 'Key account'],
    sales_cycle_days: 90,
    // also merged into existing workspaces by migration 1795493200000-WeeklyTargets
    weekly_visit_target: 10,
    weekly_task_target: 15,
  };
}

export function defaultApp(name: string): AppSettings {
  return {
    accent: '#2563eb',
    accent_dark: '#1e40af',
    company: name,
    name: 'CRM',
    logo: '',
    site_url: '',
    currencies: ['EUR', 'USD', 'TRY'],
    currency_base: 'EUR',
    currency_symbol: '€',
    opp_lifetime_days: 180,
    ticket_sla_hours: { Low: 72, Normal: 24, High: 8, Urgent: 2 },
    unit_default: 'kg',
    units: ['kg', 't', 'pcs', 'l'],
    locale: 'en',
  };
}

export function defaultRates(): Record<string, number> {
  return { EUR: 1, USD: 0.92, TRY: 0.027 };
}

export function defaultLicense(customer: string): LicenseSettings {
  return { modules: [...ALL_MODULES], seats: 25, state: 'active', end: null, blocked: false, customer, no: null, label: 'Standard' };
}
