import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLabels, type LabelList } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, fieldErrors } from '../../shell/forms';
import { useLeadText } from './leads.text';

type Lead = Schemas['Lead'];
type Fair = Schemas['Fair'];
type Person = Schemas['LeadPersonDto'];

const TEXTS = ['company', 'contact_name', 'title', 'phone', 'wa', 'email', 'website', 'city', 'sector', 'supplier', 'interest', 'line', 'next_action', 'next_date', 'note', 'project_note', 'products_text', 'timing', 'visitor_type', 'unit', 'potential_kg', 'opp_type'] as const;
type TextName = (typeof TEXTS)[number];
type Values = Record<TextName, string>;

const splitProducts = (s: string) => s.split(',').map((p) => p.trim()).filter(Boolean);

/**
 * The lead form: capture at a fair stand (no `lead`: POST, few taps — fair, company, contact, interest chips,
 * product chips from the catalogue, next action) or edit (PATCH with `company`: the whole form is rewritten, so
 * every field is sent and an emptied one is cleared; a converted lead's people are left out, they no longer change).
 */
export function LeadForm({ lead, fairs, defaultFairId, onSaved, onCancel, compact }: { lead?: Lead; fairs: Fair[]; defaultFairId?: number | null; onSaved: (l: Lead) => void; onCancel?: () => void; compact?: boolean }) {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const text = useLeadText();
  const c = me.constants;
  const initial = (): Values => Object.fromEntries(TEXTS.map((k) => [k, lead ? String(lead[k] ?? '') : ''])) as Values;
  const [v, setV] = useState<Values>(initial);
  const [fairId, setFairId] = useState(String(lead ? (lead.fair_id ?? '') : (defaultFairId ?? '')));
  const [products, setProducts] = useState<string[]>(() => splitProducts(lead?.products ?? ''));
  const [people, setPeople] = useState<Person[]>(() => (lead ? (lead.contact_name.trim() ? lead.people.slice(1) : lead.people) : []).map((p) => ({ name: p.name, title: p.title, email: p.email, phone: p.phone })));
  const converted = !!lead?.link_customer_id;
  const catalogue = me.products.map((p) => p.code || p.name);
  const others = products.filter((p) => !catalogue.includes(p));

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        ...v,
        next_date: v.next_date || null,
        potential_kg: v.potential_kg.trim() === '' ? null : Number(v.potential_kg.replace(',', '.')),
        fair_id: fairId ? Number(fairId) : null,
        products: products.join(', '),
        ...(lead ? { customer_id: lead.customer_id } : {}),
        ...(converted ? {} : { people: people.filter((p) => p.name.trim() || p.email?.trim() || p.phone?.trim()).map((p) => ({ name: p.name, title: p.title || undefined, email: p.email || undefined, phone: p.phone || undefined })) }),
      };
      if (lead) return must(await api.PATCH('/api/v1/leads/{id}', { params: { path: { id: lead.id } }, body })).lead;
      const filled = Object.fromEntries(Object.entries(body).filter(([, x]) => x !== '' && x !== null && !(Array.isArray(x) && x.length === 0)));
      return must(await api.POST('/api/v1/leads', { body: { ...filled, company: v.company } })).lead;
    },
    onSuccess: (l) => {
      onSaved(l);
      if (!lead) {
        setV(initial());
        setProducts([]);
        setPeople([]);
      }
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const set = (name: TextName, value: string) => setV((old) => ({ ...old, [name]: value }));
  const input = (name: TextName, label: string, type = 'text', extra: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]} required={name === 'company'}>
      {(p) => <input {...p} {...extra} name={name} type={type} value={v[name]} onChange={(e) => set(name, e.target.value)} />}
    </Field>
  );
  // a constant's list shows its labels (`list`); units are codes people read as they are
  const select = (name: TextName, label: string, options: readonly string[], list?: LabelList) => (
    <Field label={label} error={errors[name]}>
      {(p) => (
        <select {...p} value={v[name]} onChange={(e) => set(name, e.target.value)}>
          <option value="">{text('none')}</option>
          {[...new Set([...options, ...(v[name] && !options.includes(v[name]) ? [v[name]] : [])])].map((o) => (
            <option key={o} value={o}>
              {list ? labelOf(list, o) : o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const chips = (label: string, options: { value: string; label: string }[], isOn: (x: string) => boolean, toggle: (x: string) => void, error?: string) => (
    <fieldset className="ld-chips">
      <legend>{label}</legend>
      <div>
        {options.map((o) => (
          <button key={o.value} type="button" className="ld-chip" aria-pressed={isOn(o.value)} onClick={() => toggle(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      {error ? <p className="error co-field-error">{error}</p> : null}
    </fieldset>
  );

  const title = lead ? text('editLead') : text('captureLead');
  const details = (
    <div className="ld-grid">
      {input('website', text('website'), 'url')}
      {input('wa', text('wa'), 'tel')}
      {input('sector', text('sector'))}
      {input('supplier', text('supplier'))}
      {input('line', text('line'))}
      {select('timing', text('timing'), c.lead_timings, 'lead_timings')}
      {select('visitor_type', text('visitorType'), c.lead_visitor_types, 'lead_visitor_types')}
      {select('opp_type', text('oppType'), c.opp_types, 'opp_types')}
      {input('potential_kg', text('potential'), 'text', { inputMode: 'decimal' })}
      {select('unit', text('unit'), me.app.units)}
      <Field label={text('productsText')} error={errors.products_text}>
        {(p) => <textarea {...p} rows={2} value={v.products_text} onChange={(e) => set('products_text', e.target.value)} />}
      </Field>
      <Field label={text('projectNote')} error={errors.project_note}>
        {(p) => <textarea {...p} rows={2} value={v.project_note} onChange={(e) => set('project_note', e.target.value)} />}
      </Field>
    </div>
  );

  return (
    <form className="panel ld-form" onSubmit={submit} noValidate aria-labelledby="lead-form-title">
      <h2 id="lead-form-title">{title}</h2>
      <div className="ld-grid">
        <Field label={text('fair')} error={errors.fair_id}>
          {(p) => (
            <select {...p} value={fairId} onChange={(e) => setFairId(e.target.value)}>
              <option value="">{text('noFair')}</option>
              {fairs.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
              {lead?.fair_id && !fairs.some((f) => f.id === lead.fair_id) ? <option value={lead.fair_id}>{lead.fair}</option> : null}
            </select>
          )}
        </Field>
        {input('company', text('company'), 'text', { autoComplete: 'organization' })}
        {input('contact_name', text('contact'), 'text', { autoComplete: 'name' })}
        {input('title', text('title'))}
        {input('phone', text('phone'), 'tel', { autoComplete: 'tel' })}
        {input('email', text('email'), 'email', { autoComplete: 'email' })}
        {input('city', text('city'))}
      </div>
      {chips(
        text('interest'),
        c.lead_interest.map((x) => ({ value: x, label: labelOf('lead_interest', x) })),
        (x) => v.interest === x,
        (x) => set('interest', v.interest === x ? '' : x),
        errors.interest,
      )}
      {catalogue.length > 0 || others.length > 0
        ? chips(
            text('products'),
            [...me.products.map((p) => ({ value: p.code || p.name, label: p.name })), ...others.map((o) => ({ value: o, label: o }))],
            (x) => products.includes(x),
            (x) => setProducts(products.includes(x) ? products.filter((p) => p !== x) : [...products, x]),
            errors.products,
          )
        : null}
      <div className="ld-grid">
        {select('next_action', text('nextAction'), c.lead_next_actions, 'lead_next_actions')}
        {input('next_date', text('nextDate'), 'date')}
      </div>
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={compact ? 2 : 3} value={v.note} onChange={(e) => set('note', e.target.value)} />}
      </Field>
      {converted ? null : (
        <fieldset className="ld-people">
          <legend>{text('alsoMet')}</legend>
          {people.map((p, i) => (
            <div key={i} className="ld-person" role="group" aria-label={text('personN', { n: i + 1 })}>
              {(['name', 'title', 'phone', 'email'] as const).map((k) => (
                <Field key={k} label={text(k)} error={errors[`people.${i}.${k}`]}>
                  {(fp) => <input {...fp} type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'} value={p[k] ?? ''} onChange={(e) => setPeople(people.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)))} />}
                </Field>
              ))}
              <button type="button" onClick={() => setPeople(people.filter((_, j) => j !== i))}>
                {text('removePerson', { name: p.name || text('personN', { n: i + 1 }) })}
              </button>
            </div>
          ))}
          <button type="button" onClick={() => setPeople([...people, { name: '' }])}>
            {text('addPerson')}
          </button>
        </fieldset>
      )}
      {compact ? (
        <details className="ld-details">
          <summary>{text('moreDetails')}</summary>
          {details}
        </details>
      ) : (
        details
      )}
      {save.error ? (
        <p className="error" role="alert">
          {Object.keys(errors).length ? text('fixFields') : save.error instanceof Error ? save.error.message : t('app.error')}
        </p>
      ) : null}
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {lead ? t('common.save') : text('saveLead')}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
