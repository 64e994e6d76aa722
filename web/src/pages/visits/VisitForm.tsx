import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { Block, Chips, useBlockLabel, type Choices, type Config, type Suggestion, type TemplateBlock, type Values } from './blocks';
import { useVisitText } from './visits.text';

type Company = Schemas['CompanyRecord'];
/** What the form holds; kept when a save is undone. */
export interface Draft {
  type: string;
  templateId: number | null;
  date: string;
  note: string;
  people: number[];
  values: Values;
  /** chip blocks the user opened (or a suggestion filled) */
  opened: string[];
  applied: string[];
}

const todayIn = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const filled = (v: Record<string, string> | undefined) => !!v && Object.values(v).some((x) => x.trim() !== '');

/** Which conditions (spec 2.11 `cond`) hold for the form as it is. */
function conditions(d: Draft, company: Company, config: Config, statuses: string[]): Record<string, boolean> {
  const vt = config.visit_types.find((v) => v.k === d.type);
  return {
    has_opp: !!d.values.opp?.opp_id,
    has_product: !!d.values.product?.product_id,
    is_trial: vt?.icon === 'flask',
    new_customer: company.status === statuses[0],
  };
}

/**
 * The Quick Entry form of one company: visit type and template (GET /qe/config), the template's blocks
 * (`open` shown, `chip` a button that opens it, `off` absent, `cond` hides it while false, `def` prefills),
 * the note with suggestions from POST /qe/suggest applied by click, Enter or Alt+<n>; saved with POST /activities.
 */
export function VisitForm({
  company,
  choices,
  config,
  draft,
  setDraft,
  onType,
  onSaved,
}: {
  company: Company;
  choices: Choices;
  config: Config;
  draft: Draft;
  setDraft: (f: (d: Draft) => Draft) => void;
  onType: (type: string) => void;
  onSaved: (activity: Schemas['Activity']) => void;
}) {
  const me = useMe();
  const lang = useLang();
  const labelOf = useLabels();
  const t = useT();
  const text = useVisitText();
  const blockLabel = useBlockLabel();
  const [announce, setAnnounce] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const template = config.templates.find((x) => x.id === draft.templateId) ?? config.templates[0];
  const conds = conditions(draft, company, config, me.constants.customer_statuses);
  const byKey = new Map(config.blocks.map((b) => [b.k, b]));
  const tblocks = (template?.blocks ?? []).filter((b) => byKey.has(b.k));
  const shownBlock = (b: TemplateBlock) => filled(draft.values[b.k]) || (b.st !== 'off' && (!b.cond || conds[b.cond]) && (b.st === 'open' || draft.opened.includes(b.k)));
  const chipBlock = (b: TemplateBlock) => !shownBlock(b) && b.st === 'chip' && (!b.cond || conds[b.cond]);

  // suggestions, debounced while the note is typed
  const [debounced, setDebounced] = useState(draft.note);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(draft.note), 450);
    return () => clearTimeout(h);
  }, [draft.note]);
  const suggest = useQuery({
    queryKey: ['qe-suggest', company.id, debounced],
    queryFn: async () => must(await api.POST('/api/v1/qe/suggest', { body: { note: debounced, customer_id: company.id } })).items,
    enabled: debounced.trim().length > 2,
    placeholderData: (prev) => prev,
  });
  const offBlocks = new Set(tblocks.filter((b) => b.st === 'off').map((b) => b.k));
  // a suggestion the form already holds (applied, or chosen by hand) is no chip any more
  const holds = (s: Suggestion) => {
    const k = s.block || 'next';
    const keys = new Set(byKey.get(k)?.fields.map((x) => x.k) ?? []);
    const own = Object.entries(s.fields).filter(([x]) => keys.has(x));
    return own.length > 0 && own.every(([x, v]) => draft.values[k]?.[x] === v);
  };
  const chips = (debounced.trim().length > 2 ? (suggest.data ?? []) : []).filter((s) => !draft.applied.includes(s.id) && !offBlocks.has(s.block || 'next') && !holds(s));
  const chipLabel = (s: Suggestion) => {
    if (lang !== 'tr') return s.label;
    const shown = Object.entries(s.fields).filter(([k]) => !k.endsWith('_id') && k !== 'stage' && k !== 'code' && k !== 'outcome');
    // the next step's action and a trial's result are constants: their labels, not their keys
    const value = (k: string, v: string) => (k === 'action' ? labelOf('next_actions', v) : k === 'result' ? labelOf('demo_results', v) : v);
    return `${blockLabel(s.block || 'next', s.block)}: ${shown.map(([k, v]) => value(k, String(v))).join(' ')}`;
  };

  const apply = (s: Suggestion) => {
    const k = s.block || 'next';
    const keys = new Set(byKey.get(k)?.fields.map((f) => f.k) ?? []);
    const fields = Object.fromEntries(Object.entries(s.fields).filter(([f]) => keys.has(f)));
    setDraft((d) => ({
      ...d,
      values: { ...d.values, [k]: { ...d.values[k], ...fields } },
      opened: d.opened.includes(k) ? d.opened : [...d.opened, k],
      applied: [...d.applied, s.id],
      people: k === 'contact' && fields.person_id && !d.people.includes(Number(fields.person_id)) ? [...d.people, Number(fields.person_id)] : d.people,
    }));
    setAnnounce(text('applied', { label: chipLabel(s) }));
  };
  const onKey = (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    const n = Number(e.key) || Number(/^Digit(\d)$/.exec(e.code)?.[1]);
    if (n >= 1 && n <= 9 && chips[n - 1]) {
      e.preventDefault();
      apply(chips[n - 1]!);
    }
  };
  const setValue = (k: string, field: string, value: string) => setDraft((d) => ({ ...d, values: { ...d.values, [k]: { ...d.values[k], [field]: value } } }));

  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const shown = tblocks.filter(shownBlock);
      const blocks = Object.fromEntries(shown.map((b) => [b.k, Object.fromEntries(Object.entries(draft.values[b.k] ?? {}).filter(([, v]) => v.trim() !== ''))]).filter(([, v]) => Object.keys(v as object).length));
      const v = draft.values;
      const contact = Number(v.contact?.person_id) || null;
      const body = {
        type: draft.type,
        topic: template?.topic || null,
        date: draft.date,
        customer_id: company.id,
        person_ids: [...new Set([...draft.people, ...(contact ? [contact] : [])])],
        opp_id: shown.some((b) => b.k === 'opp') && v.opp?.opp_id ? Number(v.opp.opp_id) : null,
        note: draft.note.trim() || null,
        next_action: shown.some((b) => b.k === 'next') ? v.next?.action || null : null,
        next_date: shown.some((b) => b.k === 'next') ? v.next?.date || null : null,
        outcome: shown.some((b) => b.k === 'trial') ? v.trial?.result || null : null,
        blocks,
      };
      return must(await api.POST('/api/v1/activities', { body })).activity;
    },
    onSuccess: (a) => {
      void qc.invalidateQueries({ queryKey: ['company', company.id] });
      void qc.invalidateQueries({ queryKey: ['today'] });
      // the next step became a task (task_id): task lists and the calendar show it
      void qc.invalidateQueries({ queryKey: ['tasks'] });
      onSaved(a);
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lacking = Object.fromEntries(tblocks.filter((b) => b.req && shownBlock(b) && !filled(draft.values[b.k])).map((b) => [b.k, text('requiredBlock', { label: blockLabel(b.k, b.label) })]));
    setMissing(lacking);
    if (Object.keys(lacking).length) {
      document.querySelector<HTMLElement>(`[data-block="${Object.keys(lacking)[0]}"] select, [data-block="${Object.keys(lacking)[0]}"] input`)?.focus();
      return;
    }
    save.mutate();
  };
  const pickTemplate = (id: number) => setDraft((d) => withDefaults({ ...d, templateId: id }, config));

  return (
    <form className="qe-form" onSubmit={submit} onKeyDown={onKey} noValidate aria-label={text('title')}>
      <div className="qe-row">
        <fieldset className="qe-types">
          <legend>{text('type')}</legend>
          {config.visit_types.map((v) => (
            <label key={v.k} className={v.k === draft.type ? 'qe-type on' : 'qe-type'}>
              <input type="radio" name="qe-type" value={v.k} checked={v.k === draft.type} onChange={() => onType(v.k)} />
              {v.label}
            </label>
          ))}
        </fieldset>
        <Field label={text('template')}>
          {(p) => (
            <select {...p} value={draft.templateId ?? ''} onChange={(e) => pickTemplate(Number(e.target.value))}>
              {config.templates.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('date')} error={errors.date}>
          {(p) => <input {...p} type="date" value={draft.date} onChange={(e) => setDraft((d) => ({ ...d, date: e.target.value }))} />}
        </Field>
      </div>
      <Field label={text('note')} error={errors.note}>
        {(p) => (
          <textarea
            {...p}
            rows={4}
            maxLength={4000}
            value={draft.note}
            placeholder={text('notePlaceholder')}
            aria-describedby={[p['aria-describedby'], 'qe-help'].filter(Boolean).join(' ')}
            onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
          />
        )}
      </Field>
      <p id="qe-help" className="help">
        {text('suggestHelp')} <span className="qe-keys">{text('suggestKeys')}</span>
      </p>
      <Chips items={chips} label={chipLabel} onApply={apply} />
      <p className="sr-only" role="status">
        {announce}
      </p>

      <fieldset className="qe-people">
        <legend>{text('people')}</legend>
        {choices.people.length === 0 ? <p className="help">{text('noPeople')}</p> : null}
        {choices.people.map((p) => (
          <label key={p.id} className="qe-check">
            <input
              type="checkbox"
              checked={draft.people.includes(p.id)}
              onChange={(e) => setDraft((d) => ({ ...d, people: e.target.checked ? [...d.people, p.id] : d.people.filter((x) => x !== p.id) }))}
            />
            {p.name}
          </label>
        ))}
      </fieldset>

      {tblocks.filter(shownBlock).map((b) => (
        <Block
          key={b.k}
          block={byKey.get(b.k)!}
          tb={b}
          values={draft.values[b.k] ?? {}}
          choices={choices}
          error={missing[b.k] ?? errors[`blocks.${b.k}`]}
          onChange={(f, v) => setValue(b.k, f, v)}
          onRemove={b.st === 'open' ? undefined : () => setDraft((d) => ({ ...d, values: { ...d.values, [b.k]: {} }, opened: d.opened.filter((x) => x !== b.k) }))}
        />
      ))}
      {tblocks.some(chipBlock) ? (
        <div className="qe-add">
          {tblocks.filter(chipBlock).map((b) => (
            <button key={b.k} type="button" className="qe-add-chip" aria-expanded={false} onClick={() => setDraft((d) => ({ ...d, opened: [...d.opened, b.k] }))}>
              + {blockLabel(b.k, b.label)}
            </button>
          ))}
        </div>
      ) : null}

      <FormError error={save.error} />
      <div className="qe-save">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? text('saving') : text('save')}
        </button>
        <Link className="button" to={`/companies/${company.id}`}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** A new draft for a template: its defaults (`def`) fill the fields still empty. */
export function withDefaults(d: Draft, config: Config): Draft {
  const template = config.templates.find((x) => x.id === d.templateId);
  if (!template) return d;
  const values = { ...d.values };
  for (const b of template.blocks) {
    for (const [k, v] of Object.entries(b.def)) if (!values[b.k]?.[k]) values[b.k] = { ...values[b.k], [k]: v };
  }
  return { ...d, values };
}

export function newDraft(config: Config, tz: string, type: string | null, oppId: number | null): Draft {
  const template = config.templates.find((x) => x.id === config.default_template) ?? config.templates[0];
  const t = type ?? (template?.vtype && config.visit_types.some((v) => v.k === template.vtype) ? template.vtype : (config.visit_types[0]?.k ?? ''));
  const d: Draft = { type: t, templateId: template?.id ?? null, date: todayIn(tz), note: '', people: [], values: oppId ? { opp: { opp_id: String(oppId) } } : {}, opened: [], applied: [] };
  return withDefaults(d, config);
}
