import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { Block, Chips, useBlockLabel, type Choices, type Config, type TemplateBlock, type Values } from './blocks';
import { useVisitText } from './visits.text';
import { PeopleChecks, useSuggestions, useVisitSave } from './visit-form-parts';

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
  const t = useT();
  const text = useVisitText();
  const blockLabel = useBlockLabel();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const template = config.templates.find((x) => x.id === draft.templateId) ?? config.templates[0];
  const conds = conditions(draft, company, config, me.constants.customer_statuses);
  const byKey = new Map(config.blocks.map((b) => [b.k, b]));
  const tblocks = (template?.blocks ?? []).filter((b) => byKey.has(b.k));
  const shownBlock = (b: TemplateBlock) => filled(draft.values[b.k]) || (b.st !== 'off' && (!b.cond || conds[b.cond]) && (b.st === 'open' || draft.opened.includes(b.k)));
  const chipBlock = (b: TemplateBlock) => !shownBlock(b) && b.st === 'chip' && (!b.cond || conds[b.cond]);
  const { chips, chipLabel, apply, onKey, announce } = useSuggestions({ draft, setDraft, company, byKey, tblocks });
  const setValue = (k: string, field: string, value: string) => setDraft((d) => ({ ...d, values: { ...d.values, [k]: { ...d.values[k], [field]: value } } }));

  const save = useVisitSave({ draft, company, template, tblocks, shownBlock, onSaved });
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

      <PeopleChecks choices={choices} draft={draft} setDraft={setDraft} />

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
