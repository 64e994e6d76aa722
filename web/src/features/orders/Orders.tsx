import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { ListScreen } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { useOrderText } from './orders.text';
import { ErpBadge } from './parts';
import { orderName } from './name';
import { TEXT_FIELDS } from './order.fields';
import { TextFieldInputs, textFieldsBody } from '../../shell/text-fields';
import type { Picked } from '../../shell/RecordPicker';
import { CompanyOpportunityPicker } from '../opportunities';
import { useOpp } from '../opportunities/queries';
import { useCompanySummary } from '../companies/queries';
import { useOrderList } from './queries';
import './orders.css';

const FILTERS = ['status', 'customer_id', 'opp_id', 'new'] as const;
const PAGE = 25;

/**
 * The orders list (newest first, keyset paging), filtered in the address by status, company and
 * opportunity. With a company (`?customer_id=`) the page names it and offers "New order" for it.
 */
export default function Orders() {
  const me = useMe();
  const lang = useLang();
  const labelOf = useLabels();
  const text = useOrderText();
  const navigate = useNavigate();
  const url = useUrlFilters(FILTERS);
  const f = url.values;
  const customerId = Number(f.customer_id) || undefined;
  const oppId = Number(f.opp_id) || undefined;
  const [creating, setCreating] = useState(f.new === '1');

  const query = { status: f.status || undefined, customer_id: customerId, opp_id: oppId, limit: PAGE };
  const list = useOrderList(query);
  // the second call: the company's name (and defaults for a new order) when the list is one company's
  const company = useCompanySummary(customerId);
  const companyName = company.data?.name;
  // the opportunity's name for the badge and the new order's picker (the record's cache entry, shared)
  const opp = useOpp(oppId);
  const oppName = opp.data?.name;

  return (
    <ListScreen
      title={companyName ? `${text('orders')} · ${companyName}` : text('orders')}
      actions={
        !creating ? (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newOrder')}
          </button>
        ) : null
      }
      filters={{
        label: text('filters'),
        url,
        clear: text('clear'),
        fields: [
          { type: 'select', key: 'status', label: text('status'), any: text('anyStatus'), options: me.constants.order_statuses.map((s) => ({ value: s, label: labelOf('order_statuses', s) })) },
          !!customerId && {
            type: 'node',
            node: (
              <p className="co-badges">
                <span className="co-badge">
                  {text('company')}: {companyName ?? '…'}
                </span>
                {oppId ? (
                  <span className="co-badge">
                    {text('opportunity')}: {oppName ?? '…'}
                  </span>
                ) : null}
              </p>
            ),
          },
        ],
      }}
      list={list}
      caption={text('orders')}
      empty={text('noResults')}
      columns={[
        // the company has a column of its own: the order's reference alone
        { label: text('order'), cell: (o) => <Link to={`/orders/${o.id}`}>{orderName(o, false)}</Link> },
        { label: text('date'), cell: (o) => formatDate(lang, o.date) },
        { label: text('company'), cell: (o) => <Link to={`/companies/${o.customer_id}`}>{o.customer}</Link> },
        { label: text('product'), cell: (o) => o.product },
        { label: text('quantity'), className: 'or-num', cell: (o) => `${formatNumber(lang, o.kg, 3)} ${o.unit}` },
        { label: text('amount'), className: 'or-num', cell: (o) => formatMoney(lang, o.amount, o.currency) },
        { label: text('po'), cell: (o) => o.customer_po },
        { label: text('status'), cell: (o) => labelOf('order_statuses', o.status) },
        { label: text('erp'), cell: (o) => <ErpBadge erp={o.erp} /> },
      ]}
    >
      {creating && (!customerId || company.data || company.isError) && (!oppId || opp.data || opp.isError) ? (
        <OrderForm
          company={customerId && companyName ? { id: customerId, name: companyName } : null}
          opp={oppId && oppName ? { id: oppId, name: oppName } : null}
          onSaved={(o) => navigate(`/orders/${o.id}`)}
          onCancel={() => {
            setCreating(false);
            url.set({ new: '' });
          }}
        />
      ) : null}
    </ListScreen>
  );
}

type Order = Schemas['OrderRow'];

/**
 * A new order: the company and its open opportunity (picker, preset from the address), product from the
 * catalogue in `me`, quantity and price; the rest defaults in the API.
 */
function OrderForm({ company, opp, onSaved, onCancel }: { company: Picked | null; opp: Picked | null; onSaved: (o: Order) => void; onCancel: () => void }) {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const text = useOrderText();
  const [link, setLink] = useState({ company, opp });
  const lang = useLang();
  const [v, setV] = useState({ product_id: '', kg: '', price: '', currency: '', unit: '', kind: me.constants.order_kinds[0] ?? '', due_date: '', payment_days: '' });
  const [texts, setTexts] = useState<Partial<Record<(typeof TEXT_FIELDS)[number]['key'], string>>>({});
  const save = useMutation({
    mutationFn: async () => {
      const body: Schemas['CreateOrderDto'] = {
        // left out when no company is chosen: the API's 400 names the field
        customer_id: link.company?.id as number,
        opp_id: link.opp?.id ?? null,
        product_id: v.product_id ? Number(v.product_id) : null,
        kg: Number(v.kg.replace(',', '.')),
        price: Number(v.price.replace(',', '.')),
        ...(v.currency ? { currency: v.currency } : {}),
        ...(v.unit ? { unit: v.unit } : {}),
        ...(v.kind ? { kind: v.kind } : {}),
        ...(v.due_date ? { due_date: v.due_date } : {}),
        ...(v.payment_days ? { payment_days: Number(v.payment_days) } : {}),
        ...textFieldsBody(TEXT_FIELDS, texts),
      };
      return must(await api.POST('/api/v1/orders', { body })).order;
    },
    onSuccess: onSaved,
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const on = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-labelledby="order-form-title">
      <h2 id="order-form-title">{text('newOrder')}</h2>
      <div className="co-grid">
        <CompanyOpportunityPicker company={link.company} opp={link.opp} onChange={setLink} errors={errors} companyRequired />
        <Field label={text('product')} error={errors.product_id}>
          {(p) => (
            <select {...p} value={v.product_id} onChange={on('product_id')}>
              <option value="">{text('noProduct')}</option>
              {(me.products ?? []).map((pr) => (
                <option key={pr.id} value={pr.id}>
                  {pr.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('quantity')} error={errors.kg} required>
          {(p) => <input {...p} inputMode="decimal" value={v.kg} onChange={on('kg')} />}
        </Field>
        <Field label={text('unit')} error={errors.unit}>
          {(p) => (
            <select {...p} value={v.unit} onChange={on('unit')}>
              <option value="">–</option>
              {me.app.units.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('price')} error={errors.price} required>
          {(p) => <input {...p} inputMode="decimal" value={v.price} onChange={on('price')} />}
        </Field>
        <Field label={text('currency')} error={errors.currency}>
          {(p) => (
            <select {...p} value={v.currency} onChange={on('currency')}>
              <option value="">–</option>
              {me.app.currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('kind')} error={errors.kind}>
          {(p) => (
            <select {...p} value={v.kind} onChange={on('kind')}>
              {me.constants.order_kinds.map((k) => (
                <option key={k} value={k}>
                  {labelOf('order_kinds', k)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('dueDate')} error={errors.due_date}>
          {(p) => <input {...p} type="date" value={v.due_date} onChange={on('due_date')} />}
        </Field>
        <Field label={text('paymentDays')} error={errors.payment_days}>
          {(p) => <input {...p} type="number" min={0} max={3650} value={v.payment_days} onChange={on('payment_days')} />}
        </Field>
      </div>
      <TextFieldInputs fields={TEXT_FIELDS} values={texts} onChange={setTexts} errors={errors} lang={lang} />
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('common.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
