import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLabels, type LabelList } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, ValueSelect } from '../../shell/forms';
import { useLeadText } from './leads.text';
import { AlsoMet, Chips, FairSelect, TEXTS, useLeadSave, type Person, type TextName, type Values } from './lead-form-parts';

type Lead = Schemas['Lead'];
type Fair = Schemas['Fair'];

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

  const reset = () => {
    setV(initial());
    setProducts([]);
    setPeople([]);
  };
  const save = useLeadSave({ lead, v, fairId, products, people, onSaved, reset });
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
    <ValueSelect label={label} error={errors[name]} value={v[name]} options={options} onChange={(value) => set(name, value)} none={text('none')} optionLabel={list ? (o) => labelOf(list, o) : undefined} />
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
        <FairSelect lead={lead} fairs={fairs} fairId={fairId} setFairId={setFairId} error={errors.fair_id} />
        {input('company', text('company'), 'text', { autoComplete: 'organization' })}
        {input('contact_name', text('contact'), 'text', { autoComplete: 'name' })}
        {input('title', text('title'))}
        {input('phone', text('phone'), 'tel', { autoComplete: 'tel' })}
        {input('email', text('email'), 'email', { autoComplete: 'email' })}
        {input('city', text('city'))}
      </div>
      <Chips
        label={text('interest')}
        options={c.lead_interest.map((x) => ({ value: x, label: labelOf('lead_interest', x) }))}
        isOn={(x) => v.interest === x}
        toggle={(x) => set('interest', v.interest === x ? '' : x)}
        error={errors.interest}
      />
      {catalogue.length > 0 || others.length > 0 ? (
        <Chips
          label={text('products')}
          options={[...me.products.map((p) => ({ value: p.code || p.name, label: p.name })), ...others.map((o) => ({ value: o, label: o }))]}
          isOn={(x) => products.includes(x)}
          toggle={(x) => setProducts(products.includes(x) ? products.filter((p) => p !== x) : [...products, x])}
          error={errors.products}
        />
      ) : null}
      <div className="ld-grid">
        {select('next_action', text('nextAction'), c.lead_next_actions, 'lead_next_actions')}
        {input('next_date', text('nextDate'), 'date')}
      </div>
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={compact ? 2 : 3} value={v.note} onChange={(e) => set('note', e.target.value)} />}
      </Field>
      {converted ? null : <AlsoMet people={people} setPeople={setPeople} errors={errors} />}
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
