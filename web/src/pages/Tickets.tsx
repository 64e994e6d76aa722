import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../lib/api';
import { useLang, useT } from '../lib/i18n';
import { formatNumber, formatTimestamp } from '../lib/format';
import { useMe } from '../lib/session';
import { Loaded } from '../shell/States';
import { Field, fieldErrors, FormError, LoadMore, useUrlFilters } from './companies/parts';
import { useOrderText } from './orders/orders.text';
import { TicketStatus } from './tickets/parts';
import './companies/companies.css';
import './orders/orders.css';

const FILTERS = ['status', 'priority', 'assignee_id'] as const;
const PAGE = 25;

/** Support tickets: filters in the address, keyset paging, the status changed in the row, and a new ticket. */
export default function Tickets() {
  const me = useMe();
  const lang = useLang();
  const text = useOrderText();
  const navigate = useNavigate();
  const { values: f, set, clear } = useUrlFilters(FILTERS);
  const [creating, setCreating] = useState(false);
  const priorities = Object.keys(me.app.ticket_sla_hours ?? {});

  const query = { status: f.status || undefined, priority: f.priority || undefined, assignee_id: f.assignee_id ? Number(f.assignee_id) : undefined, limit: PAGE };
  const list = useInfiniteQuery({
    queryKey: ['tickets', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/tickets', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="co-page">
      <div className="co-head">
        <h1>{text('tickets')}</h1>
        {!creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newTicket')}
          </button>
        )}
      </div>
      {creating && <TicketForm priorities={priorities} onSaved={(tk) => navigate(`/tickets/${tk.id}`)} onCancel={() => setCreating(false)} />}

      <div className="co-filters" role="group" aria-label={text('filters')}>
        <label>
          {text('status')}
          <select value={f.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{text('anyStatus')}</option>
            {me.constants.ticket_statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text('priority')}
          <select value={f.priority} onChange={(e) => set({ priority: e.target.value })}>
            <option value="">{text('anyPriority')}</option>
            {priorities.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text('assignee')}
          <select value={f.assignee_id} onChange={(e) => set({ assignee_id: e.target.value })}>
            <option value="">{text('anyone')}</option>
            {me.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.full_name}
              </option>
            ))}
          </select>
        </label>
        <div className="co-actions">
          <button type="button" onClick={clear}>
            {text('clear')}
          </button>
        </div>
      </div>

      <Loaded q={list}>
        {() =>
          rows.length === 0 ? (
            <p className="panel">{text('noResults')}</p>
          ) : (
            <>
              <table className="co-table">
                <caption className="sr-only">{text('tickets')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('subject')}</th>
                    <th scope="col">{text('priority')}</th>
                    <th scope="col">{text('status')}</th>
                    <th scope="col">{text('due')}</th>
                    <th scope="col">{text('who')}</th>
                    <th scope="col">{text('assignee')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((tk) => (
                    <tr key={tk.id}>
                      <th scope="row" data-label={text('subject')}>
                        <Link to={`/tickets/${tk.id}`}>{tk.subject}</Link>
                        {tk.overdue ? <span className="or-badge danger co-badge-gap">{text('overdue')}</span> : null}
                      </th>
                      <td data-label={text('priority')}>{tk.priority}</td>
                      <td data-label={text('status')}>
                        <TicketStatus ticket={tk} label={text('statusOf', { name: tk.subject })} />
                      </td>
                      <td data-label={text('due')}>{formatTimestamp(lang, tk.due_at)}</td>
                      <td data-label={text('who')}>{tk.who}</td>
                      <td data-label={text('assignee')}>{tk.assignee?.full_name}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="help" aria-live="polite">
                {text('shown', { n: formatNumber(lang, rows.length) })}
              </p>
              <LoadMore q={list} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** A new ticket: subject, request, priority (with its SLA hours from app.ticket_sla_hours) and assignee. */
function TicketForm({ priorities, onSaved, onCancel }: { priorities: string[]; onSaved: (t: Schemas['Ticket']) => void; onCancel: () => void }) {
  const me = useMe();
  const t = useT();
  const lang = useLang();
  const text = useOrderText();
  const qc = useQueryClient();
  const [v, setV] = useState({ subject: '', body: '', priority: priorities[0] ?? '', who: '', assignee_id: '' });
  const save = useMutation({
    mutationFn: async () => {
      const body: Schemas['CreateTicketDto'] = {
        subject: v.subject,
        priority: v.priority,
        ...(v.body.trim() ? { body: v.body } : {}),
        ...(v.who.trim() ? { who: v.who } : {}),
        ...(v.assignee_id ? { assignee_id: Number(v.assignee_id) } : {}),
      };
      return must(await api.POST('/api/v1/tickets', { body })).ticket;
    },
    onSuccess: (tk) => {
      void qc.invalidateQueries({ queryKey: ['tickets'] });
      onSaved(tk);
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const on = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const sla = me.app.ticket_sla_hours ?? {};

  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-labelledby="ticket-form-title">
      <h2 id="ticket-form-title">{text('newTicket')}</h2>
      <div className="co-grid">
        <Field label={text('subject')} error={errors.subject} required>
          {(p) => <input {...p} value={v.subject} maxLength={300} onChange={on('subject')} />}
        </Field>
        <Field label={text('priority')} error={errors.priority} required>
          {(p) => (
            <select {...p} value={v.priority} onChange={on('priority')}>
              {priorities.map((k) => (
                <option key={k} value={k}>
                  {`${k} · ${text('sla', { h: formatNumber(lang, sla[k]) })}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('assignee')} error={errors.assignee_id}>
          {(p) => (
            <select {...p} value={v.assignee_id} onChange={on('assignee_id')}>
              <option value="">{text('nobody')}</option>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('who')} error={errors.who}>
          {(p) => <input {...p} value={v.who} maxLength={200} onChange={on('who')} />}
        </Field>
      </div>
      <Field label={text('body')} error={errors.body}>
        {(p) => <textarea {...p} rows={3} value={v.body} onChange={on('body')} />}
      </Field>
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
