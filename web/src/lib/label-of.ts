import type { Me } from './session';

/**
 * The labels of the installation's constants (spec 2.3 keys: stages, statuses, priorities…). `me` answers
 * them in the user's language (`constants.labels`: list -> {key -> label}); the app shows the label and
 * sends the key. Subsets of a list (open_stages, task_closed_statuses…) use their list's labels.
 *
 * The lists that have labels: the common ones here; a record kind whose statuses are a constants block of its
 * own adds its lists in its feature folder by declaration merging (`declare module '../../lib/label-of'`, as
 * features/tickets/routes.tsx does), so a new kind does not edit this file.
 */
export interface LabelLists {
  stages: true;
  barriers: true;
  customer_statuses: true;
  demo_results: true;
  demo_statuses: true;
  forecast_cats: true;
  lead_interest: true;
  lead_next_actions: true;
  lead_statuses: true;
  lead_timings: true;
  lead_visitor_types: true;
  loss_reasons: true;
  makro_stages: true;
  next_actions: true;
  opp_types: true;
  order_kinds: true;
  task_priorities: true;
  task_statuses: true;
  visit_topics: true;
  visit_types: true;
  stage_gate: true;
  stage_steps: true;
  health: true;
}

export type LabelList = keyof LabelLists;

export type LabelOf = (list: LabelList, key: string | null | undefined) => string;

/** A key's label: the user's language's, else (stages) the stage label, else the key itself. */
export function labelIn(c: Me['constants'], list: LabelList, key: string | null | undefined): string {
  if (!key) return '';
  return c.labels?.[list]?.[key] || (list === 'stages' ? c.stage_labels[key] : '') || key;
}
