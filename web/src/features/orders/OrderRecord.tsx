import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useOrder, useOrderWritten } from './queries';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { Fields, RecordHeader, RecordLink } from '../../shell/RecordView';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useOrderText } from './orders.text';
import { ErpBadge } from './parts';
import { orderName } from './name';
import { TEXT_FIELDS } from './order.fields';
import { textFieldRows } from '../../shell/text-fields';
import '../../shell/screens.css';
import './orders.css';

type Order = Schemas['OrderRow'];

/** Spec 8 "Customer PO": at most 60 characters (after whitespace is collapsed, which typing rarely needs). */
const PO_MAX = 60;

/** An order in one call: its fields, the ERP state, the customer PO to edit and "Send to the ERP". */
export default function OrderRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const labelOf = useLabels();
  const text = useOrderText();
  const q = useOrder(id);
  return (
    <Loaded q={q}>
      {(o) => (
        <article className="co-page">
          <RecordHeader kind={text('order')} title={orderName(o)}>
            <p className="co-badges">
              <span className="co-badge">{labelOf('order_statuses', o.status)}</span>
              <ErpBadge erp={o.erp} />
            </p>
          </RecordHeader>
          <Fields
            items={[
              [text('company'), <RecordLink key="c" kind="companies" id={o.customer_id}>{o.customer}</RecordLink>],
              [text('opportunity'), o.opp_id ? <RecordLink key="o" kind="opportunities" id={o.opp_id}>{o.opp || text('opportunity')}</RecordLink> : null],
              [text('date'), formatDate(lang, o.date)],
              [text('dueDate'), formatDate(lang, o.due_date)],
              [text('product'), o.product],
              [text('quantity'), `${formatNumber(lang, o.kg, 3)} ${o.unit}`],
              [text('price'), `${formatNumber(lang, o.price, 4)} ${o.pu}`],
              [text('amount'), formatMoney(lang, o.amount, o.currency)],
              [text('kind'), labelOf('order_kinds', o.kind)],
              [text('paymentDays'), formatNumber(lang, o.payment_days)],
              ...textFieldRows(TEXT_FIELDS, o, lang),
            ]}
          />
          <ErpPanel order={o} />
          <PoForm order={o} />
        </article>
      )}
    </Loaded>
  );
}

/** Whether the order's status says it is already in the ERP (spec 3.5). */
function useSent(order: Order): boolean {
  const me = useMe();
  return me.constants.order_erp_statuses.includes(order.status);
}

function ErpPanel({ order }: { order: Order }) {
  const t = useT();
  const text = useOrderText();
  const written = useOrderWritten();
  const sent = useSent(order);
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/orders/{id}/erp', { params: { path: { id: order.id } } })).order,
    onSuccess: (o) => {
      setAsking(false);
      written(o);
    },
  });
  const erp = order.erp;
  return (
    <section className="panel or-panel" aria-labelledby="erp-title">
      <h2 id="erp-title">{text('erp')}</h2>
      <p>
        <ErpBadge erp={erp} />
      </p>
      {erp && (erp.ext_no || erp.error) ? (
        <Fields
          items={[
            [text('erpNo'), erp.ext_no],
            [text('erpError'), erp.error ? <span className="error">{erp.error}</span> : null],
          ]}
        />
      ) : null}
      {send.error instanceof ApiFailure && send.error.status === 409 ? (
        <p className="error" role="alert">
          {text('erpSent')}
        </p>
      ) : (
        <FormError error={send.error} />
      )}
      {!sent && !erp ? (
        asking ? (
          <div className="co-confirm" role="group" aria-label={text('sendErp')}>
            <p>{text('sendErpAsk')}</p>
            <div className="co-actions">
              <button type="button" className="primary" autoFocus onClick={() => send.mutate()} disabled={send.isPending}>
                {text('sendErpYes')}
              </button>
              <button type="button" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="co-actions">
            <button type="button" onClick={() => setAsking(true)}>
              {text('sendErp')}
            </button>
          </div>
        )
      ) : null}
    </section>
  );
}

/** The customer PO: saved as typed (the API collapses whitespace and answers 409 once the order is in the ERP). */
function PoForm({ order }: { order: Order }) {
  const text = useOrderText();
  const written = useOrderWritten();
  const [po, setPo] = useState(order.customer_po);
  const sent = useSent(order);
  const save = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/orders/{id}/po', { params: { path: { id: order.id } }, body: { customer_po: po } })),
    onSuccess: (r) => {
      setPo(r.order.customer_po);
      written(r.order);
    },
  });
  const conflict = save.error instanceof ApiFailure && save.error.status === 409;
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="panel or-panel" onSubmit={submit} noValidate aria-labelledby="po-title">
      <h2 id="po-title">{text('po')}</h2>
      <div className="or-po">
        <Field label={text('po')} error={errors.customer_po}>
          {(p) => (
            <input
              {...p}
              value={po}
              maxLength={PO_MAX}
              // once the ERP took the order the number is changed there (spec 4.5): nothing to save here
              readOnly={sent}
              onChange={(e) => {
                setPo(e.target.value);
                if (save.isSuccess || save.isError) save.reset();
              }}
            />
          )}
        </Field>
        <button type="submit" className="primary" disabled={save.isPending || sent}>
          {text('savePo')}
        </button>
      </div>
      <p className="help">{sent ? text('poInErp') : text('poHelp')}</p>
      <div aria-live="polite">
        {save.isSuccess ? <p className="or-ok">{save.data.changed ? text('poSaved') : text('poUnchanged')}</p> : null}
      </div>
      {conflict ? (
        <p className="error" role="alert">
          {text('poSent')}
        </p>
      ) : (
        <FormError error={save.error} />
      )}
    </form>
  );
}
