/**
 * Labels of the installation constants per language (spec 2.3 keeps the keys; a person reads labels).
 * A workspace's `constants.labels` is `{en: {list: {key: label}}, tr: {...}}`. A label names a key of
 * its list (stage, status, priority… or a stage's gate text, a checklist step's title, a health grade);
 * a key without a label in the caller's language shows `stage_labels`/`stage_gate` for stages, else the
 * key itself. Subsets of a list (open_stages, task_closed_statuses…) share the list's labels.
 * Workspaces made before labels existed have none stored: `labelsOf` answers the defaults for the keys
 * they still have (read-time defaulting, docs/decisions/i18n.md).
 */
import type { WorkspaceConstants } from './workspace.entity';
import { DEFAULT_LABELS_EN, DEFAULT_LABELS_TR } from './default-labels';
import { blockLists, constantsBlocks } from './constants-blocks';

export const LABEL_LANGS = ['en', 'tr'] as const;
export type LabelLang = (typeof LABEL_LANGS)[number];

/** The common lists whose entries are keys a person reads (a feature's block adds its own: `BlockLabelLists`). */
export const LABEL_LISTS = [
  'stages',
  'barriers',
  'customer_statuses',
  'demo_results',
  'demo_statuses',
  'forecast_cats',
  'lead_interest',
  'lead_next_actions',
  'lead_statuses',
  'lead_timings',
  'lead_visitor_types',
  'loss_reasons',
  'makro_stages',
  'next_actions',
  'opp_types',
  'order_kinds',
  'task_priorities',
  'task_statuses',
  'visit_topics',
  'visit_types',
] as const;
/** Texts the installation writes, keyed by what they belong to: gate text by stage, step by its stored title, health label by grade. */
export const LABEL_TEXTS = ['stage_gate', 'stage_steps', 'health'] as const;
/**
 * The labelled lists of the features' constants blocks (constants-blocks.ts), added by declaration merging in the
 * feature's file (`interface BlockLabelLists { ticket_statuses: true }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declaration merging
export interface BlockLabelLists {}
export type LabelListName = (typeof LABEL_LISTS)[number] | keyof BlockLabelLists | (typeof LABEL_TEXTS)[number];
/** Every labelled list and text: the common lists, the blocks' labelled lists in registration order, then the texts. */
export const labelNames = (): LabelListName[] => [...LABEL_LISTS, ...(blockLists().filter((l) => l.labelled).map((l) => l.name) as (keyof BlockLabelLists)[]), ...LABEL_TEXTS];

/** The default labels of both languages: the common lists' (default-labels.ts) and the blocks'. */
export function defaultLabels(): Record<LabelLang, LabelMap> {
  const out = { en: { ...DEFAULT_LABELS_EN }, tr: { ...DEFAULT_LABELS_TR } };
  for (const b of constantsBlocks()) for (const lang of LABEL_LANGS) Object.assign(out[lang], b.labels?.[lang]);
  return out;
}

/** Health grades (opportunities.rules `health`): A-D, and `-` for a closed opportunity. */
export const HEALTH_GRADES = ['A', 'B', 'C', 'D', '-'] as const;

export type LabelMap = Partial<Record<LabelListName, Record<string, string>>>;
export type WorkspaceLabels = Partial<Record<LabelLang, LabelMap>>;

/** The caller's language as one of the label languages (a `tr…` tag is Turkish, anything else English). */
export const labelLang = (locale: string | null | undefined): LabelLang => ((locale ?? '').toLowerCase().startsWith('tr') ? 'tr' : 'en');

/** The language a caller reads: the user's own locale, else the workspace's (a key or client of no user). */
export const callerLang = (auth: { user?: { locale?: string | null } | null; workspace: { app: { locale?: string | null } } }): LabelLang =>
  labelLang(auth.user?.locale ?? auth.workspace.app.locale);

type Keyed = Pick<WorkspaceConstants, (typeof LABEL_LISTS)[number] | 'stage_steps' | 'lead_status_won'>;

/** The keys a label map of `list` may name, for these constants. */
export function labelKeys(c: Partial<Keyed>, list: LabelListName): string[] {
  switch (list) {
    case 'stage_gate':
      return c.stages ?? [];
    case 'stage_steps':
      return [...new Set(Object.values(c.stage_steps ?? {}).flatMap((steps) => (Array.isArray(steps) ? steps.map((s) => s?.title) : [])))].filter((t): t is string => typeof t === 'string');
    case 'health':
      return [...HEALTH_GRADES];
    case 'lead_statuses':
      // the won status is shown like a status although it need not be one of the list
      return [...(c.lead_statuses ?? []), ...(c.lead_status_won && !(c.lead_statuses ?? []).includes(c.lead_status_won) ? [c.lead_status_won] : [])];
    default:
      return Array.isArray((c as Record<string, unknown>)[list]) ? ((c as Record<string, unknown>)[list] as string[]) : [];
  }
}

/** `labels` cut down to the keys these constants have (labels of renamed or removed keys go with them). */
export function pruneLabels(labels: WorkspaceLabels, c: Partial<Keyed>): WorkspaceLabels {
  const out: WorkspaceLabels = {};
  for (const lang of LABEL_LANGS) {
    const map = labels[lang];
    if (!map) continue;
    const kept: LabelMap = {};
    for (const list of labelNames()) {
      const keys = new Set(labelKeys(c, list));
      const entries = Object.entries(map[list] ?? {}).filter(([k]) => keys.has(k));
      if (entries.length) kept[list] = Object.fromEntries(entries);
    }
    out[lang] = kept;
  }
  return out;
}

/** The default labels of both languages, for the keys these constants have. */
export function defaultLabelsFor(c: Partial<Keyed>): WorkspaceLabels {
  return pruneLabels(defaultLabels(), c);
}

/** The stored labels, or the defaults for a workspace that has none stored (made before labels existed). */
export function labelsOf(c: WorkspaceConstants): WorkspaceLabels {
  return c.labels ?? defaultLabelsFor(c);
}

/** One key's label in a language: the language's label, else the stage's own label/gate text, else the key. */
export function labelOf(c: WorkspaceConstants, lang: LabelLang, list: LabelListName, key: string): string {
  const own = labelsOf(c)[lang]?.[list]?.[key];
  if (own) return own;
  if (list === 'stages') return c.stage_labels?.[key] || key;
  if (list === 'stage_gate') return c.stage_gate?.[key] ?? '';
  return key;
}

/** Every list's labels in one language, complete: one entry per key (`me`'s `constants.labels`). */
export function resolveLabels(c: WorkspaceConstants, lang: LabelLang): Record<LabelListName, Record<string, string>> {
  const out = {} as Record<LabelListName, Record<string, string>>;
  for (const list of labelNames()) out[list] = Object.fromEntries(labelKeys(c, list).map((k) => [k, labelOf(c, lang, list, k)]));
  return out;
}

/** Problems of a `labels` value (validation of constants; paths like `labels.tr.stages.Win`). */
export function checkLabels(value: unknown, c: Record<string, unknown>, err: (path: string, msg: string) => void): void {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value)) return err('labels', 'must be an object keyed by language (en, tr)');
  const names: readonly string[] = labelNames();
  for (const [lang, map] of Object.entries(value)) {
    const p = `labels.${lang}`;
    if (!(LABEL_LANGS as readonly string[]).includes(lang)) {
      err(p, `unknown language; known: ${LABEL_LANGS.join(', ')}`);
      continue;
    }
    if (!isObject(map)) {
      err(p, 'must be an object of list -> {key: label}');
      continue;
    }
    for (const [list, labels] of Object.entries(map)) {
      if (!names.includes(list)) {
        err(`${p}.${list}`, `unknown list; known: ${names.join(', ')}`);
        continue;
      }
      if (!isObject(labels)) {
        err(`${p}.${list}`, 'must be an object of key -> label');
        continue;
      }
      const keys = labelKeys(c as Partial<Keyed>, list as LabelListName);
      const max = list === 'stage_gate' || list === 'stage_steps' ? 300 : 100;
      for (const [key, label] of Object.entries(labels)) {
        if (!keys.includes(key)) err(`${p}.${list}.${key}`, `not one of the keys of ${list}`);
        else if (typeof label !== 'string' || !label.trim() || label.length > max) err(`${p}.${list}.${key}`, `must be a non-empty string of at most ${max} characters`);
      }
    }
  }
}

const views = new WeakMap<object, Partial<Record<LabelLang, unknown>>>();

/**
 * The workspace as a reader in `lang` sees it: `app.locale` is that language and the stage labels and gate
 * texts are that language's. Only for answering (mappers); writes read the stored workspace. Kept per
 * workspace object, so a request's mappers share one copy.
 */
export function inLanguage<W extends { app: { locale: string }; constants: WorkspaceConstants }>(ws: W, lang: LabelLang): W {
  const cached = views.get(ws) ?? {};
  if (cached[lang]) return cached[lang] as W;
  const c = ws.constants;
  const constants: WorkspaceConstants = {
    ...c,
    stage_labels: Object.fromEntries(c.stages.map((s) => [s, labelOf(c, lang, 'stages', s)])),
    stage_gate: Object.fromEntries(c.stages.map((s) => [s, labelOf(c, lang, 'stage_gate', s)])),
  };
  const view = Object.assign(Object.create(Object.getPrototypeOf(ws) as object) as W, ws, { app: { ...ws.app, locale: lang }, constants });
  views.set(ws, { ...cached, [lang]: view });
  return view;
}
