import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { Field, FormError, useFieldSentences, FormActions, ValueSelect } from '../../shell/forms';
import { useProductsWritten } from './queries';
import { useProductText } from './products.text';

type Product = Schemas['Product'];
type Values = { code: string; name: string; list_price: string; currency: string; unit: string; ext_id: string };

/**
 * A new product (POST /api/v1/products) or a change to one (`product`: PATCH with the changed fields; an
 * emptied ERP id is sent as null, which clears it). Currency and unit are the installation's (`me.app`), never
 * typed; the API's 400 shows as sentences by field and its 409 (a code in use) next to the code.
 */
export function ProductForm({ product, onDone }: { product?: Product; onDone: (saved: Product | null) => void }) {
  const t = useT();
  const text = useProductText();
  const me = useMe();
  const written = useProductsWritten();
  const [v, setV] = useState<Values>(() =>
    product
      ? { code: product.code, name: product.name, list_price: String(product.list_price), currency: product.currency, unit: product.unit, ext_id: product.ext_id }
      : { code: '', name: '', list_price: '', currency: me.app.currency_base, unit: me.app.unit_default, ext_id: '' },
  );
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const all = { code: v.code.trim(), name: v.name.trim(), list_price: v.list_price.trim() === '' ? 0 : Number(v.list_price), currency: v.currency, unit: v.unit, ext_id: v.ext_id.trim() };
      if (!product) return must(await api.POST('/api/v1/products', { body: all })).product;
      const body: Record<string, unknown> = {};
      for (const k of Object.keys(all) as (keyof typeof all)[]) if (all[k] !== product[k]) body[k] = k === 'ext_id' && all[k] === '' ? null : all[k];
      return must(await api.PATCH('/api/v1/products/{id}', { params: { path: { id: product.id } }, body })).product;
    },
    onSuccess: (saved) => {
      written();
      onDone(saved);
    },
  });
  const labels = { code: text('code'), name: text('name'), list_price: text('listPrice'), currency: text('currency'), unit: text('unit'), ext_id: text('extId') };
  const api400 = useFieldSentences(save.error, labels);
  const taken = save.error instanceof ApiFailure && save.error.status === 409;
  const required = (k: 'code' | 'name') => (tried && !v[k].trim() ? t('field.required', { label: labels[k] }) : undefined);
  const badPrice = v.list_price.trim() !== '' && !(Number(v.list_price) >= 0) ? t('field.number', { label: labels.list_price }) : undefined;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (!v.code.trim() || !v.name.trim() || badPrice) return;
    save.mutate();
  };
  const title = product ? text('editProduct', { name: product.name }) : text('newProduct');
  const choice = (k: 'currency' | 'unit', options: string[]) => <ValueSelect label={labels[k]} error={api400[k]} value={v[k]} options={options} onChange={(x) => setV({ ...v, [k]: x })} />;
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="co-grid">
        <Field label={labels.code} required error={required('code') ?? (taken ? text('codeTaken') : api400.code)}>
          {(p) => <input {...p} value={v.code} maxLength={50} autoFocus onChange={(e) => setV({ ...v, code: e.target.value })} />}
        </Field>
        <Field label={labels.name} required error={required('name') ?? api400.name}>
          {(p) => <input {...p} value={v.name} maxLength={200} onChange={(e) => setV({ ...v, name: e.target.value })} />}
        </Field>
        <Field label={labels.list_price} error={badPrice ?? api400.list_price}>
          {(p) => <input {...p} inputMode="decimal" value={v.list_price} onChange={(e) => setV({ ...v, list_price: e.target.value.replace(',', '.') })} />}
        </Field>
        {choice('currency', me.app.currencies)}
        {choice('unit', me.app.units)}
        <Field label={labels.ext_id} error={api400.ext_id}>
          {(p) => <input {...p} value={v.ext_id} maxLength={100} onChange={(e) => setV({ ...v, ext_id: e.target.value })} />}
        </Field>
      </div>
      {taken ? null : <FormError error={save.error} />}
      <FormActions pending={save.isPending} submit={product ? t('common.save') : t('common.create')} onCancel={() => onDone(null)} />
    </form>
  );
}
