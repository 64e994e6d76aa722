import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTicketList, useTicketsWritten } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { ListScreen } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { useTicketText } from './tickets.text';
import { TicketStatus } from './parts';
import { TEXT_FIELDS, textField } from './ticket.fields';
import { TextFieldInputs, textFieldsBody } from '../../shell/text-fields';

const FILTERS = ['status', 'priority', 'assignee_id'] as const;
const PAGE = 25;

/** Support tickets: filters in the address, keyset paging, the status changed in the row, and a new ticket. */
export default function Tickets() {
  const me = useMe();
  const lang = useLang();
  const labelOf = useLabels();
  const text = useTicketText();
  const navigate = useNavigate();
  const url = useUrlFilters(FILTERS);
  const f = url.values;
  const [creating, setCreating] = useState(false);
  const priorities = Object.keys(me.app.ticket_sla_hours ?? {});

  const query = { status: f.status || undefined, priority: f.priority || undefined, assignee_id: f.assignee_id ? Number(f.assignee_id) : undefined, limit: PAGE };
  const list = useTicketList(query);

  return (
    <ListScreen
      title={text('tickets')}
      actions={
        !creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newTicket')}
          </button>
        )
      }
      filters={{
        label: text('filters'),
        url,
        clear: text('clear'),
        fields: [
          { type: 'select', key: 'status', label: text('status'), any: text('anyStatus'), options: me.constants.ticket_statuses.map((s) => ({ value: s, label: labelOf('ticket_statuses', s) })) },
          { type: 'select', key: 'priority', label: text('priority'), any: text('anyPriority'), options: priorities.map((p) => ({ value: p, label: labelOf('task_priorities', p) })) },
          { type: 'select', key: 'assignee_id', label: text('assignee'), any: text('anyone'), options: me.users.map((u) => ({ value: u.id, label: u.full_name })) },
        ],
      }}
      list={list}
      caption={text('tickets')}
      empty={text('noResults')}
      columns={[
        {
          label: text('subject'),
          cell: (tk) => (
            <>
              <Link to={`/tickets/${tk.id}`}>{tk.subject}</Link>
              {tk.overdue ? <span className="or-badge danger co-badge-gap">{text('overdue')}</span> : null}
            </>
          ),
        },
        { label: text('priority'), cell: (tk) => labelOf('task_priorities', tk.priority) },
        { label: text('status'), cell: (tk) => <TicketStatus ticket={tk} label={text('statusOf', { name: tk.subject })} /> },
        { label: text('due'), cell: (tk) => formatTimestamp(lang, tk.due_at) },
        { label: textField('who').label[lang], cell: (tk) => tk.who },
        { label: text('assignee'), cell: (tk) => tk.assignee?.full_name },
      ]}
    >
      {creating && <TicketForm priorities={priorities} onSaved={(tk) => navigate(`/tickets/${tk.id}`)} onCancel={() => setCreating(false)} />}
    </ListScreen>
  );
}

/** A new ticket: subject, request, priority (with its SLA hours from app.ticket_sla_hours) and assignee. */
function TicketForm({ priorities, onSaved, onCancel }: { priorities: string[]; onSaved: (t: Schemas['Ticket']) => void; onCancel: () => void }) {
  const me = useMe();
  const t = useT();
  const lang = useLang();
  const labelOf = useLabels();
  const text = useTicketText();
  const written = useTicketsWritten();
  const [v, setV] = useState({ subject: '', body: '', priority: priorities[0] ?? '', assignee_id: '' });
  const [texts, setTexts] = useState<Partial<Record<(typeof TEXT_FIELDS)[number]['key'], string>>>({});
  const save = useMutation({
    mutationFn: async () => {
      const body: Schemas['CreateTicketDto'] = {
        subject: v.subject,
        priority: v.priority,
        ...(v.body.trim() ? { body: v.body } : {}),
        ...textFieldsBody(TEXT_FIELDS, texts),
        ...(v.assignee_id ? { assignee_id: Number(v.assignee_id) } : {}),
      };
      return must(await api.POST('/api/v1/tickets', { body })).ticket;
    },
    onSuccess: (tk) => {
      written();
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
                  {`${labelOf('task_priorities', k)} · ${text('sla', { h: formatNumber(lang, sla[k]) })}`}
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
        <TextFieldInputs fields={TEXT_FIELDS} values={texts} onChange={setTexts} errors={errors} lang={lang} />
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
