import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { useProductList, useProductsWritten } from './queries';
import { ProductForm } from './ProductForm';
import { useProductText } from './products.text';
import '../../shell/screens.css';
import './products.css';

type Product = Schemas['Product'];

/**
 * The product catalogue (one call, not paged: the API answers at most 1000). Everyone reads it; admins add,
 * edit, retire and offer again (`active`), as the API allows (403 for others).
 */
export default function Products() {
  const me = useMe();
  const text = useProductText();
  const t = useT();
  const lang = useLang();
  const admin = me.user.role === 'admin';
  const [all, setAll] = useState(false);
  const [form, setForm] = useState<Product | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const q = useProductList(all);
  const done = (kind: 'created' | 'saved') => (p: Product | null) => {
    setForm(null);
    setSaved(p ? text(kind, { name: p.name }) : null);
  };
  return (
    <section className="co-page">
      <div className="co-head">
        <h1>{text('products')}</h1>
        {admin && form === null ? (
          <button type="button" className="primary" onClick={() => (setForm('new'), setSaved(null))}>
            {text('newProduct')}
          </button>
        ) : null}
      </div>
      <p className="help">{admin ? text('intro') : `${text('intro')} ${text('adminsOnly')}`}</p>
      {form === 'new' ? <ProductForm onDone={done('created')} /> : form ? <ProductForm key={form.id} product={form} onDone={done('saved')} /> : null}
      {saved ? (
        <p className="pr-saved" role="status">
          {saved}
        </p>
      ) : null}
      <label className="co-check">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> {text('showRetired')}
      </label>
      <Loaded q={q}>
        {(items) =>
          items.length === 0 ? (
            <p className="panel">{text('none')}</p>
          ) : (
            <table className="co-table">
              <caption className="sr-only">{text('products')}</caption>
              <thead>
                <tr>
                  <th scope="col">{text('name')}</th>
                  <th scope="col">{text('code')}</th>
                  <th scope="col">{text('listPrice')}</th>
                  <th scope="col">{text('extId')}</th>
                  <th scope="col">{text('state')}</th>
                  {admin ? <th scope="col">{t('common.edit')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{p.name}</th>
                    <td data-label={text('code')}>{p.code}</td>
                    <td data-label={text('listPrice')}>{p.list_price ? `${formatMoney(lang, p.list_price, p.currency, 2)} / ${p.unit}` : ''}</td>
                    <td data-label={text('extId')}>{p.ext_id}</td>
                    <td data-label={text('state')}>{p.active ? text('active') : <span className="co-badge warn">{text('retired')}</span>}</td>
                    {admin ? (
                      <td data-label={t('common.edit')}>
                        <ProductActions product={p} onEdit={() => (setForm(p), setSaved(null))} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </section>
  );
}

/** Edit, and retire or offer again (PATCH `active`): a retired product is kept for history, no longer offered. */
function ProductActions({ product: p, onEdit }: { product: Product; onEdit: () => void }) {
  const t = useT();
  const text = useProductText();
  const written = useProductsWritten();
  const toggle = useMutation({
    mutationFn: async () => must(await api.PATCH('/api/v1/products/{id}', { params: { path: { id: p.id } }, body: { active: !p.active } })).product,
    onSuccess: written,
  });
  return (
    <div className="co-actions" role="group" aria-label={p.name}>
      <button type="button" onClick={onEdit} aria-label={text('editProduct', { name: p.name })}>
        {t('common.edit')}
      </button>
      <button type="button" onClick={() => toggle.mutate()} disabled={toggle.isPending} aria-label={text(p.active ? 'retireNamed' : 'reactivateNamed', { name: p.name })}>
        {text(p.active ? 'retire' : 'reactivate')}
      </button>
      <FormError error={toggle.error} />
    </div>
  );
}
