import { QE_BLOCK_FIELDS, QE_BLOCK_KEYS, QeBlockKey } from '../activities';
import type { ConstantsBlock, ConstantsProblem } from '../../workspace/constants-blocks';

/**
 * Quick Entry's block of the workspace's constants (spec 2.11): its templates, the undo window and what the
 * suggestion rules recognise, with their defaults and checks. Registered with the workspace's constants when the
 * CRM is loaded (../constants-blocks.ts); `me` and `constants:set` carry it like the common keys.
 */
export interface QuickEntryConstants {
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

declare module '../../workspace/workspace.entity' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Quick Entry's keys, merged into the workspace's constants
  interface WorkspaceConstants extends QuickEntryConstants {}
}

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

const qeBlock = (k: string, st: QeTemplateBlock['st'], req = false, extra: Partial<QeTemplateBlock> = {}): QeTemplateBlock => ({ k, label: '', cond: '', st, req, def: {}, fl: [], ...extra });

/** Quick Entry constants of a new workspace (also merged into existing ones by migration 1795390000000). */
export function quickEntryDefaults(): QuickEntryConstants {
  return {
    qe_templates: [
      {
        id: 1, name: 'Customer visit', icon: 'handshake', topic: 'Relationship', team: '', vtype: 'F2F', is_default: true,
        blocks: [qeBlock('contact', 'open', true), qeBlock('opp', 'chip'), qeBlock('product', 'chip'), qeBlock('price', 'chip', false, { cond: 'has_product' }), qeBlock('quantity', 'chip', false, { cond: 'has_product' }), qeBlock('payment', 'chip', false, { cond: 'has_opp' }), qeBlock('trial', 'off'), qeBlock('next', 'open', true, { def: { action: 'Visit' } })],
      },
      {
        id: 2, name: 'Phone call', icon: 'phone', topic: '', team: '', vtype: 'Call', is_default: false,
        blocks: [qeBlock('contact', 'open', true), qeBlock('opp', 'chip'), qeBlock('product', 'chip'), qeBlock('price', 'off'), qeBlock('quantity', 'off'), qeBlock('payment', 'off'), qeBlock('trial', 'off'), qeBlock('next', 'open', true, { def: { action: 'Call' } })],
      },
      {
        id: 3, name: 'Online meeting', icon: 'video', topic: 'Product presentation', team: '', vtype: 'Online', is_default: false,
        blocks: [qeBlock('contact', 'open', true), qeBlock('opp', 'chip'), qeBlock('product', 'chip'), qeBlock('price', 'chip', false, { cond: 'has_product' }), qeBlock('quantity', 'off'), qeBlock('payment', 'off'), qeBlock('trial', 'off'), qeBlock('next', 'open', true, { def: { action: 'Follow-up e-mail' } })],
      },
      {
        id: 4, name: 'Trial follow-up', icon: 'flask', topic: 'Trial follow-up', team: '', vtype: 'Deneme', is_default: false,
        blocks: [qeBlock('contact', 'open', true), qeBlock('opp', 'chip'), qeBlock('product', 'open', true), qeBlock('trial', 'open', true, { cond: 'is_trial' }), qeBlock('quantity', 'chip'), qeBlock('price', 'off'), qeBlock('payment', 'off'), qeBlock('next', 'open', true, { def: { action: 'Send offer' } })],
      },
      {
        id: 5, name: 'Technical service visit', icon: 'wrench', topic: 'Complaint', team: 'Technical', vtype: '', is_default: false,
        blocks: [qeBlock('contact', 'open', true), qeBlock('product', 'open', true), qeBlock('trial', 'chip'), qeBlock('opp', 'off'), qeBlock('price', 'off'), qeBlock('quantity', 'off'), qeBlock('payment', 'off'), qeBlock('next', 'open', false, { def: { action: 'Visit' } })],
      },
    ],
    qe_undo_seconds: 8,
    qe_next_action_roles: { call: 'Call', visit: 'Visit', offer: 'Send offer', samples: 'Send samples', email: 'Follow-up e-mail', trial: 'Trial', meeting: 'Meeting' },
    qe_trial_results: { positive: 'Successful', partial: 'Partly successful', negative: 'Unsuccessful', ongoing: 'Pending' },
    qe_visit_type_icons: { F2F: 'handshake', Online: 'video', Call: 'phone', Deneme: 'flask' },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function checkQuickEntry(c: Record<string, unknown>, lists: Record<string, string[]>, err: ConstantsProblem): void {
  if ('qe_undo_seconds' in c && (!isCount(c.qe_undo_seconds) || c.qe_undo_seconds > 600)) err('qe_undo_seconds', 'must be a whole number of seconds from 0 to 600');
  const mapping = (key: string, keys: readonly string[] | null, values: string, what: string) => {
    if (!(key in c)) return;
    const v = c[key];
    if (!isObject(v)) return err(key, 'must be an object');
    for (const [k, x] of Object.entries(v)) {
      if (keys ? !keys.includes(k) : !(lists[values] ?? []).includes(k)) err(`${key}.${k}`, keys ? `unknown key; known: ${keys.join(', ')}` : `not one of ${values}`);
      else if (typeof x !== 'string') err(`${key}.${k}`, 'must be a string');
      else if (keys && !(lists[values] ?? []).includes(x)) err(`${key}.${k}`, `${x} is not one of ${what}`);
    }
  };
  mapping('qe_next_action_roles', QE_NEXT_STEP_ROLES, 'next_actions', 'next_actions');
  mapping('qe_trial_results', QE_TRIAL_OUTCOMES, 'demo_results', 'demo_results');
  mapping('qe_visit_type_icons', null, 'visit_types', 'visit_types');
  if (!('qe_templates' in c)) return;
  const templates = c.qe_templates;
  if (!Array.isArray(templates)) return err('qe_templates', 'must be a list of templates');
  const ids = new Set<number>();
  let defaults = 0;
  templates.forEach((t, i) => {
    const p = `qe_templates[${i}]`;
    if (!isObject(t)) return err(p, 'must be an object {id, name, icon, topic, team, vtype, is_default, blocks}');
    for (const k of Object.keys(t)) if (!['id', 'name', 'icon', 'topic', 'team', 'vtype', 'is_default', 'blocks'].includes(k)) err(`${p}.${k}`, 'unknown template field');
    if (!Number.isInteger(t.id) || (t.id as number) < 1 || (t.id as number) > 2_147_483_647) err(`${p}.id`, 'must be a positive whole number');
    else if (ids.has(t.id as number)) err(`${p}.id`, `${t.id} appears twice`);
    else ids.add(t.id as number);
    if (typeof t.name !== 'string' || !t.name.trim() || t.name.length > 100) err(`${p}.name`, 'must be a non-empty string of at most 100 characters');
    for (const k of ['icon', 'team'] as const) if (typeof t[k] !== 'string' || (t[k] as string).length > 100) err(`${p}.${k}`, 'must be a string of at most 100 characters');
    if (typeof t.topic !== 'string' || (t.topic !== '' && !(lists.visit_topics ?? []).includes(t.topic))) err(`${p}.topic`, 'must be one of visit_topics or empty');
    if (typeof t.vtype !== 'string' || (t.vtype !== '' && !(lists.visit_types ?? []).includes(t.vtype))) err(`${p}.vtype`, 'must be one of visit_types or empty');
    if (typeof t.is_default !== 'boolean') err(`${p}.is_default`, 'must be true or false');
    else if (t.is_default) defaults++;
    if (!Array.isArray(t.blocks)) return err(`${p}.blocks`, 'must be a list of blocks {k, label, cond, st, req, def, fl}');
    const seen = new Set<string>();
    t.blocks.forEach((b, j) => {
      const bp = `${p}.blocks[${j}]`;
      if (!isObject(b)) return err(bp, 'must be an object {k, label, cond, st, req, def, fl}');
      for (const k of Object.keys(b)) if (!['k', 'label', 'cond', 'st', 'req', 'def', 'fl'].includes(k)) err(`${bp}.${k}`, 'unknown block field');
      const fields: readonly string[] = QE_BLOCK_FIELDS[b.k as QeBlockKey] ?? [];
      if (typeof b.k !== 'string' || !QE_BLOCK_KEYS.includes(b.k as QeBlockKey)) err(`${bp}.k`, `must be one of ${QE_BLOCK_KEYS.join(', ')}`);
      else if (seen.has(b.k)) err(`${bp}.k`, `${b.k} appears twice`);
      else seen.add(b.k);
      if (typeof b.label !== 'string' || b.label.length > 100) err(`${bp}.label`, 'must be a string of at most 100 characters');
      if (typeof b.cond !== 'string' || (b.cond !== '' && !(b.cond in QE_CONDS))) err(`${bp}.cond`, `must be empty or one of ${Object.keys(QE_CONDS).join(', ')}`);
      if (!QE_BLOCK_STATES.includes(b.st as never)) err(`${bp}.st`, `must be one of ${QE_BLOCK_STATES.join(', ')}`);
      if (typeof b.req !== 'boolean') err(`${bp}.req`, 'must be true or false');
      if (!isObject(b.def)) err(`${bp}.def`, 'must be an object of field -> default value');
      else for (const [k, v] of Object.entries(b.def)) if (!fields.includes(k) || typeof v !== 'string') err(`${bp}.def.${k}`, `must be a string value of one of the fields ${fields.join(', ')}`);
      if (!Array.isArray(b.fl) || b.fl.some((f) => !fields.includes(f as string))) err(`${bp}.fl`, `must be a list of the fields ${fields.join(', ')}`);
    });
  });
  if (defaults > 1) err('qe_templates', `at most one template may be the default (found ${defaults})`);
}

export const QUICK_ENTRY_CONSTANTS: ConstantsBlock = { name: 'quick-entry', place: 40, defaults: quickEntryDefaults, check: checkQuickEntry };
