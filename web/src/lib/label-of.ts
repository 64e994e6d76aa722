import type { Me } from './session';

/**
 * The labels of the installation's constants (spec 2.3 keys: stages, statuses, priorities…). `me` answers
 * them in the user's language (`constants.labels`: list -> {key -> label}); the app shows the label and
 * sends the key. Subsets of a list (open_stages, task_closed_statuses…) use their list's labels.
 */
export type LabelList =
  | 'stages'
  | 'barriers'
  | 'customer_statuses'
  | 'demo_results'
  | 'demo_statuses'
  | 'forecast_cats'
  | 'lead_interest'
  | 'lead_next_actions'
  | 'lead_statuses'
  | 'lead_timings'
  | 'lead_visitor_types'
  | 'loss_reasons'
  | 'makro_stages'
  | 'next_actions'
  | 'opp_types'
  | 'order_kinds'
  | 'task_priorities'
  | 'task_statuses'
  | 'visit_topics'
  | 'visit_types'
  | 'order_statuses'
  | 'ticket_statuses'
  | 'stage_gate'
  | 'stage_steps'
  | 'health';

export type LabelOf = (list: LabelList, key: string | null | undefined) => string;

/** A key's label: the user's language's, else (stages) the stage label, else the key itself. */
export function labelIn(c: Me['constants'], list: LabelList, key: string | null | undefined): string {
  if (!key) return '';
  return c.labels?.[list]?.[key] || (list === 'stages' ? c.stage_labels[key] : '') || key;
}
