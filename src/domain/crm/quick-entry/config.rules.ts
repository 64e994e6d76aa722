/**
 * The Quick Entry configuration (spec 2.11, 4.8), built from the workspace's constants and app
 * settings (pure). Blocks are the same for every workspace; their options come from the workspace
 * (currencies, units, demo_results, next_actions). Templates live in `constants.qe_templates`.
 */
import { QE_BLOCK_KEYS, QeBlockKey } from '../activities';
import { AppSettings, WorkspaceConstants } from '../../workspace/workspace.entity';
import { QE_CONDS, QeTemplate } from './quick-entry.constants';
import { fold } from './text';

export interface QeField {
  k: string;
  l: string;
  t: string;
  o: string[];
  u: string;
  ph: string;
}
export interface QeBlock {
  k: string;
  label: string;
  obj: string;
  icon: string;
  fields: QeField[];
}

const field = (k: string, l: string, t: string, extra: Partial<QeField> = {}): QeField => ({ k, l, t, o: [], u: '', ph: '', ...extra });

/** The blocks of the Quick Entry form; `obj` is the record a block writes to. */
export function qeBlocks(c: WorkspaceConstants, app: AppSettings): QeBlock[] {
  const defs: Record<QeBlockKey, Omit<QeBlock, 'k'>> = {
    contact: { label: 'Contact', obj: 'person', icon: 'user', fields: [field('person_id', 'Contact', 'person', { ph: 'Who did you meet?' })] },
    opp: { label: 'Linked opportunity', obj: 'opportunity', icon: 'target', fields: [field('opp_id', 'Open opportunity', 'opportunity', { ph: 'An open opportunity of the company' })] },
    product: { label: 'Product', obj: 'opportunity', icon: 'package', fields: [field('product_id', 'Product', 'product', { ph: 'Search the catalogue' })] },
    price: {
      label: 'Offer price',
      obj: 'opportunity',
      icon: 'tag',
      fields: [field('price', 'Price per unit', 'money', { u: app.currency_base, ph: '0.00' }), field('currency', 'Currency', 'select', { o: [...app.currencies] }), field('unit', 'Per', 'select', { o: [...app.units] })],
    },
    quantity: { label: 'Quantity', obj: 'opportunity', icon: 'scale', fields: [field('kg', 'Quantity', 'number', { u: app.unit_default }), field('unit', 'Unit', 'select', { o: [...app.units] })] },
    payment: { label: 'Payment terms', obj: 'opportunity', icon: 'calendar-clock', fields: [field('payment_days', 'Payment terms', 'number', { u: 'days', ph: '30' })] },
    trial: { label: 'Trial result', obj: 'activity', icon: 'flask', fields: [field('result', 'Result', 'select', { o: [...c.demo_results] }), field('note', 'Note', 'text')] },
    next: {
      label: 'Next step',
      obj: 'task',
      icon: 'arrow-right',
      fields: [field('action', 'Action', 'select', { o: [...c.next_actions] }), field('date', 'Date', 'date'), field('note', 'Note', 'text', { ph: 'What exactly?' })],
    },
  };
  return QE_BLOCK_KEYS.map((k) => ({ k, ...defs[k] }));
}

export const qeConds = (): { k: string; label: string }[] => Object.entries(QE_CONDS).map(([k, label]) => ({ k, label }));

/** Templates as the API shows them: a block without its own label takes the block's. */
export function qeTemplates(templates: QeTemplate[], blocks: QeBlock[]): QeTemplate[] {
  const labels = new Map(blocks.map((b) => [b.k, b.label]));
  return templates.map((t) => ({ ...t, blocks: t.blocks.map((b) => ({ ...b, label: b.label || labels.get(b.k) || b.k, def: { ...b.def }, fl: [...b.fl] })) }));
}

/**
 * The template to open (`default_template`): templates of another team are left out; then a template
 * of the user's department wins, then one of the conversation type, then the default; ties go to
 * the earlier template. With nothing left, the default (or first) template of all; null without any.
 */
export function chooseTemplate(templates: QeTemplate[], department: string, type: string | null): number | null {
  const dept = fold(department).trim();
  const ofTeam = (t: QeTemplate) => !!t.team.trim() && fold(t.team).trim() === dept;
  const candidates = templates.filter((t) => !t.team.trim() || ofTeam(t));
  let best: QeTemplate | null = null;
  let bestScore = -1;
  for (const t of candidates) {
    const score = (ofTeam(t) ? 4 : 0) + (type && t.vtype === type ? 2 : 0) + (t.is_default ? 1 : 0);
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return (best ?? templates.find((t) => t.is_default) ?? templates[0])?.id ?? null;
}
