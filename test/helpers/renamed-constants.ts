import { pruneLabels } from '../../src/domain/workspace/labels';
import { defaultConstants } from '../../src/domain/workspace/defaults';
import type { WorkspaceConstants } from '../../src/domain/workspace/workspace.entity';

/** Default stage key -> the Turkish key of the renamed installation used by the tests. */
export const TR_STAGES: Record<string, string> = {
  Qualify: 'Nitelendirme',
  Viable: 'Uygun',
  'Present Solution': 'Çözüm Sunumu',
  Negotiation: 'Pazarlık',
  'Expect to Close': 'Kapanış Bekleniyor',
  Win: 'Kazanıldı',
  Lost: 'Kaybedildi',
  Cancel: 'İptal',
};
const TR_TASKS: Record<string, string> = { Open: 'Açık', 'In progress': 'Sürüyor', Done: 'Bitti', Cancelled: 'Vazgeçildi' };
const TR_CUSTOMERS: Record<string, string> = { Prospect: 'Aday', Active: 'Aktif', 'Key account': 'Kilit müşteri', Passive: 'Pasif', Former: 'Eski' };
const TR_FC: Record<string, string> = { Pipeline: 'Havuz', 'Best case': 'En iyi durum', Commit: 'Taahhüt', Closed: 'Kapandı', Omitted: 'Hariç' };
const TR_STEPS: Record<string, string> = {
  'Budget confirmed': 'Bütçe onaylandı',
  'Decision maker known (authority)': 'Karar verici belli',
  'Need confirmed': 'İhtiyaç onaylandı',
  'Timing agreed': 'Zamanlama kararlaştırıldı',
  'First meeting held': 'İlk görüşme yapıldı',
};

const keys = <T>(m: Record<string, T>, tr: Record<string, string>): Record<string, T> => Object.fromEntries(Object.entries(m).map(([k, v]) => [tr[k] ?? k, v]));

/**
 * The constants of an installation whose stages, task statuses, customer statuses, forecast categories
 * and first checklist are all named differently (Turkish) from the defaults, with the same rules.
 * Every key that names a stage or status is in the result (it is also a valid `constants:set` patch).
 */
export function turkishConstants(): WorkspaceConstants {
  const d = defaultConstants();
  const s = (x: string) => TR_STAGES[x] ?? x;
  const c: WorkspaceConstants = {
    ...d,
    stages: d.stages.map(s),
    open_stages: d.open_stages.map(s),
    stage_labels: Object.fromEntries(d.stages.map((x) => [s(x), `${s(x)} (TR)`])),
    stage_colors: keys(d.stage_colors, TR_STAGES),
    stage_gate: keys(d.stage_gate, TR_STAGES),
    stage_sla: keys(d.stage_sla, TR_STAGES),
    stage_prob: keys(d.stage_prob, TR_STAGES),
    stage_roles: keys(d.stage_roles, TR_STAGES),
    stage_gates: keys(d.stage_gates, TR_STAGES),
    stage_steps: Object.fromEntries(Object.entries(d.stage_steps).map(([k, steps]) => [s(k), steps.map((st) => ({ ...st, title: TR_STEPS[st.title] ?? st.title }))])),
    stage_fc: Object.fromEntries(Object.entries(d.stage_fc).map(([k, v]) => [s(k), TR_FC[v] ?? v])),
    forecast_cats: d.forecast_cats.map((x) => TR_FC[x] ?? x),
    task_statuses: d.task_statuses.map((x) => TR_TASKS[x] ?? x),
    task_closed_statuses: d.task_closed_statuses.map((x) => TR_TASKS[x] ?? x),
    task_done_status: TR_TASKS[d.task_done_status] ?? d.task_done_status,
    customer_statuses: d.customer_statuses.map((x) => TR_CUSTOMERS[x] ?? x),
    customer_at_risk_statuses: d.customer_at_risk_statuses.map((x) => TR_CUSTOMERS[x] ?? x),
    customer_account_statuses: d.customer_account_statuses.map((x) => TR_CUSTOMERS[x] ?? x),
    visit_period: keys(d.visit_period, TR_CUSTOMERS),
  };
  // the default labels of the keys it kept (renamed keys show their own names)
  c.labels = pruneLabels(d.labels ?? {}, c);
  return c;
}
