import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLabels, type LabelList } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, FormError, useFieldSentences } from '../../shell/forms';
import { RecordPicker, type Picked } from '../../shell/RecordPicker';
import { companyKeys, searchCompanies } from '../companies/queries';
import { productKeys } from '../products/queries';
import type { Opp } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { useOppWritten } from './queries';
import { HealthFields, useOppLabels, type HealthDraft } from './opp-form-parts';

export { lineLabel } from './opp-form-parts';

const TEXTS = ['name', 'value', 'currency', 'potential_kg', 'unit', 'offer_price', 'payment_days', 'close_date', 'start_date', 'probability', 'fc', 'owner_id', 'type', 'source', 'competitor', 'line', 'next_step', 'detail_status', 'note'] as const;
type Name = (typeof TEXTS)[number];
type Values = Record<Name, string>;
const NULLABLE = new Set<Name>(['offer_price', 'payment_days', 'probability', 'fc', 'close_date']);
const NUMBERS = new Set<Name>(['value', 'potential_kg', 'offer_price', 'payment_days', 'probability', 'owner_id']);

/** The form's values of an opportunity (empty strings for what is not set). */
function valuesOf(o: Opp | undefined, me: ReturnType<typeof useMe>): Values {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: s(o?.name),
    value: s(o?.value),
    currency: o?.currency ?? '',
    potential_kg: o && o.potential_kg ? s(o.potential_kg) : '',
    unit: o?.unit ?? me.app.unit_default,
    offer_price: s(o?.offer_price),
    payment_days: s(o?.payment_days),
    close_date: s(o?.close_date),
    start_date: s(o?.start_date),
    probability: s(o?.probability),
    fc: o?.fc ?? '',
    owner_id: s(o?.owner?.id ?? me.user.id),
    type: o?.type ?? '',
    source: o?.source ?? '',
    competitor: o?.competitor ?? '',
    line: o?.line ?? '',
    next_step: o?.next_step ?? '',
    detail_status: o?.detail_status ?? '',
    note: o?.note ?? '',
  };
}

/** A form value as the API takes it: numbers as numbers, an emptied nullable field as null. */
function apiValue(name: Name, v: string): string | number | null | undefined {
  if (v.trim() === '') return NULLABLE.has(name) ? null : NUMBERS.has(name) || name === 'currency' || name === 'unit' || name === 'start_date' ? undefined : '';
  return NUMBERS.has(name) ? Number(v) : v;
}

/**
 * Create (no `opp`) or edit an opportunity: the fields of spec 2.6 a person sets, the company and product
 * chosen by name, the owner from the workspace's users. Editing sends only what changed (PATCH), so an
 * untouched forecast category stays the stage's. Server validation shows next to each field as a sentence.
 */
export function OppForm({ opp, company: preset, onSaved, onCancel }: { opp?: Opp; company?: Picked | null; onSaved: (o: Opp) => void; onCancel: () => void }) {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const text = useOppText();
  const written = useOppWritten();
  const c = me.constants;
  const startCompany = opp ? { id: opp.customer_id, name: opp.customer } : (preset ?? null);
  const startProduct = opp?.product_id ? { id: opp.product_id, name: opp.product } : null;
  const [initial] = useState(() => valuesOf(opp, me));
  const [values, setValues] = useState<Values>(initial);
  const [company, setCompany] = useState<Picked | null>(startCompany);
  const [product, setProduct] = useState<Picked | null>(startProduct);
  // tags and a health set by hand (spec 2.6 `tags`, `health_manual` with grade, label and note)
  const [tags, setTags] = useState(() => (opp?.tags ?? []).join(', '));
  const startHealth = { manual: opp?.health_manual ?? false, grade: opp?.health_manual ? opp.health.grade : '', label: opp?.health_manual ? opp.health.label : '', note: opp?.health_note ?? '' };
  const [health, setHealth] = useState<HealthDraft>(startHealth);
  const set = (name: Name) => (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value });

  const save = useMutation({
    mutationFn: async () => {
      const changed = (n: Name) => !opp || values[n] !== initial[n];
      const body: Record<string, unknown> = {};
      for (const n of TEXTS) {
        const v = apiValue(n, values[n]);
        if (changed(n) && v !== undefined && !(opp === undefined && (v === '' || v === null))) body[n] = v;
      }
      if (!opp || company?.id !== opp.customer_id) body.customer_id = company?.id;
      if (!opp ? product : (product?.id ?? null) !== (opp.product_id ?? null)) body.product_id = product?.id ?? null;
      const tagList = tags.split(',').map((x) => x.trim()).filter(Boolean);
      if (tagList.join(',') !== (opp?.tags ?? []).join(',')) body.tags = tagList;
      if (JSON.stringify(health) !== JSON.stringify(startHealth))
        Object.assign(body, health.manual ? { health_manual: true, health_grade: health.grade || undefined, health_label: health.label.trim() || undefined, health_note: health.note.trim() } : { health_manual: false, health_note: health.note.trim() });
      if (opp) return must(await api.PATCH('/api/v1/opportunities/{id}', { params: { path: { id: opp.id } }, body })).opp;
      return must(await api.POST('/api/v1/opportunities', { body: body as { name: string; customer_id: number } })).opp;
    },
    onSuccess: (o) => {
      written(o, { previousCustomerId: opp?.customer_id });
      onSaved(o);
    },
  });
  const labels = useOppLabels();
  const errors = useFieldSentences(save.error, labels);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const input = (name: Name, type = 'text', extra: Record<string, string | number | boolean> = {}) => (
    <Field label={labels[name]!} error={errors[name]} required={name === 'name'}>
      {(p) => <input {...p} {...extra} name={name} type={type} value={values[name]} onChange={set(name)} />}
    </Field>
  );
  // a constant's list shows its labels; currencies and units are codes people read as they are
  const choice = (name: Name, options: readonly string[], empty?: string, list?: LabelList) => (
    <Field label={labels[name]!} error={errors[name]}>
      {(p) => (
        <select {...p} name={name} value={values[name]} onChange={set(name)}>
          {empty !== undefined || !options.includes(values[name]) ? <option value="">{empty ?? ''}</option> : null}
          {options.map((s) => (
            <option key={s} value={s}>
              {list ? labelOf(list, s) : s}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const heading = opp ? text('editOpp') : text('newOpp');
  const num = { inputMode: 'decimal', step: 'any', min: 0 };

  return (
    <form className="panel co-form opp-form" onSubmit={submit} noValidate aria-label={heading}>
      <h2>{heading}</h2>
      <div className="co-grid">
        {input('name', 'text', { maxLength: 200, autoFocus: !opp })}
        <RecordPicker label={`${labels.customer_id} (${t('picker.required')})`} value={company} onChange={setCompany} search={searchCompanies} queryKey={companyKeys.lists()} error={errors.customer_id} />
        <Field label={labels.owner_id!} error={errors.owner_id}>
          {(p) => (
            <select {...p} name="owner_id" value={values.owner_id} onChange={set('owner_id')}>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input('value', 'number', num)}
        {choice('currency', me.app.currencies, text('currencyDefault'))}
        <RecordPicker label={labels.product_id!} value={product} onChange={setProduct} search={searchProducts(me.products)} queryKey={productKeys.all} error={errors.product_id} />
        {input('potential_kg', 'number', num)}
        {choice('unit', me.app.units)}
        {input('offer_price', 'number', num)}
        {input('payment_days', 'number', { inputMode: 'numeric', step: 1, min: 0, max: 3650 })}
        {input('close_date', 'date')}
        {input('probability', 'number', { ...num, max: 100 })}
        {choice('fc', c.forecast_cats, text('forecastDefault'), 'forecast_cats')}
        {choice('type', c.opp_types, '', 'opp_types')}
        {input('source', 'text', { maxLength: 100 })}
        {input('competitor', 'text', { maxLength: 150 })}
        {input('line', 'text', { maxLength: 100 })}
        {input('next_step', 'text', { maxLength: 300 })}
        {input('start_date', 'date')}
        {input('detail_status', 'text', { maxLength: 100 })}
        <Field label={labels.tags!} error={errors.tags}>
          {(p) => <input {...p} name="tags" value={tags} onChange={(e) => setTags(e.target.value)} />}
        </Field>
      </div>
      <HealthFields health={health} setHealth={setHealth} labels={labels} errors={errors} />
      <Field label={labels.note!} error={errors.note}>
        {(p) => <textarea {...p} name="note" rows={3} maxLength={5000} value={values.note} onChange={set('note')} />}
      </Field>
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {opp ? t('common.save') : t('common.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The catalogue's active products (from `me`) whose name or code contains the words typed, at most 20. */
const searchProducts =
  (products: { id: number; name: string; code: string }[]) =>
  async (q: string): Promise<Picked[]> => {
    const words = q.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return products
      .filter((p) => words.every((w) => `${p.name} ${p.code}`.toLocaleLowerCase().includes(w)))
      .slice(0, 20)
      .map((p) => ({ id: p.id, name: p.name, ...(p.code ? { hint: p.code } : {}) }));
  };
