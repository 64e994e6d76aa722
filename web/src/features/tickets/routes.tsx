import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { screenText } from '../../lib/i18n';
import { MODULES } from '../../lib/session';
import { RecordLink } from '../../shell/RecordView';
import { companyKeys, searchCompanies } from '../companies/queries';
import { defineRecordKind, type Input, type KindContext, type Option } from '../../shell/record-kind';

/**
 * Support tickets, drawn by the shell from this declaration (shell/record-kind.tsx): the list with its filters in the
 * address and the status changed in the row, a new ticket with its priority's SLA, the record with its status,
 * priority and assignee changed in place (each saves on change).
 */
type Ticket = Schemas['Ticket'];

const useTicketText = screenText(
  {
    title: 'Support tickets',
    one: 'Ticket',
    new: 'New ticket',
    filters: 'Filters',
    anyStatus: 'Any status',
    anyPriority: 'Any priority',
    anyone: 'Anyone',
    noResults: 'No records match.',
    clear: 'Clear filters',
    subject: 'Subject',
    body: 'Request',
    who: 'Raised by',
    company: 'Company',
    person: 'Person',
    status: 'Status',
    priority: 'Priority',
    sla: '{h} h to resolve',
    assignee: 'Assignee',
    nobody: 'Nobody',
    due: 'Due',
    overdue: 'Overdue',
    closedAt: 'Closed',
    created: 'Created',
    updated: 'Last changed',
    owner: 'Owner',
    statusOf: 'Status of {name}',
    saved: 'Saved.',
  },
  {
    title: 'Destek talepleri',
    one: 'Talep',
    new: 'Yeni talep',
    filters: 'Filtreler',
    anyStatus: 'Tüm durumlar',
    anyPriority: 'Tüm öncelikler',
    anyone: 'Herkes',
    noResults: 'Eşleşen kayıt yok.',
    clear: 'Filtreleri temizle',
    subject: 'Konu',
    body: 'Talep',
    who: 'Talep eden',
    company: 'Firma',
    person: 'Kişi',
    status: 'Durum',
    priority: 'Öncelik',
    sla: 'Çözüm süresi {h} saat',
    assignee: 'Sorumlu',
    nobody: 'Kimse',
    due: 'Son tarih',
    overdue: 'Gecikmiş',
    closedAt: 'Kapandı',
    created: 'Oluşturuldu',
    updated: 'Son değişiklik',
    owner: 'Sahibi',
    statusOf: '{name} durumu',
    saved: 'Kaydedildi.',
  },
);
type C = KindContext<Parameters<ReturnType<typeof useTicketText>>[0]>;

// ticket priorities are the keys of app.ticket_sla_hours; they read as task priorities (the same default keys)
const priorities = (c: C) => Object.keys(c.me.app.ticket_sla_hours ?? {});
const statusOptions = (c: C): Option[] => c.me.constants.ticket_statuses.map((s) => ({ value: s, label: c.labelOf('ticket_statuses', s) }));
const priorityOptions = (c: C): Option[] => priorities(c).map((p) => ({ value: p, label: c.labelOf('task_priorities', p) }));
const userOptions = (c: C): Option[] => c.me.users.map((u) => ({ value: String(u.id), label: u.full_name }));
const overdue = (r: Ticket, c: C) => (r.overdue ? <span className="or-badge danger co-badge-gap">{c.text('overdue')}</span> : null);

export const { keys: ticketKeys, feature } = defineRecordKind({
  name: 'tickets',
  api: { list: '/api/v1/tickets', record: '/api/v1/tickets/{id}', key: 'ticket' },
  text: useTicketText,
  nav: { label: { en: 'Tickets', tr: 'Destek talepleri' }, module: MODULES.support, order: 110 },
  list: {
    path: '/tickets',
    filters: ['status', 'priority', 'assignee_id'],
    query: (f) => ({ status: f.status || undefined, priority: f.priority || undefined, assignee_id: f.assignee_id ? Number(f.assignee_id) : undefined }),
    filterFields: (c) => [
      { type: 'select', key: 'status', label: c.text('status'), any: c.text('anyStatus'), options: statusOptions(c) },
      { type: 'select', key: 'priority', label: c.text('priority'), any: c.text('anyPriority'), options: priorityOptions(c) },
      { type: 'select', key: 'assignee_id', label: c.text('assignee'), any: c.text('anyone'), options: userOptions(c) },
    ],
    columns: (c) => [
      {
        label: c.text('subject'),
        cell: (r: Ticket) => (
          <>
            <Link to={`/tickets/${r.id}`}>{r.subject}</Link>
            {overdue(r, c)}
          </>
        ),
      },
      { label: c.text('priority'), cell: (r) => c.labelOf('task_priorities', r.priority) },
      { label: c.text('status'), cell: (r) => c.choice('status', r, c.text('statusOf', { name: r.subject })) },
      { label: c.text('due'), cell: (r) => formatTimestamp(c.lang, r.due_at) },
      { label: c.text('who'), cell: (r) => r.who },
      { label: c.text('assignee'), cell: (r) => r.assignee?.full_name },
    ],
  },
  record: {
    path: '/tickets/:id',
    title: (r: Ticket) => r.subject,
    badges: (r, c) => (r.overdue ? <p className="co-badges">{overdue(r, c)}</p> : null),
    fields: (r, c) => [
      [c.text('status'), c.choice('status', r, c.text('status'))],
      [c.text('priority'), <span key="p">{c.choice('priority', r, c.text('priority'))} {c.text('sla', { h: formatNumber(c.lang, r.sla_hours) })}</span>],
      [c.text('due'), formatTimestamp(c.lang, r.due_at)],
      [c.text('closedAt'), formatTimestamp(c.lang, r.closed_at)],
      [c.text('who'), r.who],
      [c.text('assignee'), c.choice('assignee_id', r, c.text('assignee'))],
      [c.text('company'), r.customer_id ? <RecordLink kind="companies" id={r.customer_id}>{r.customer || c.text('company')}</RecordLink> : null],
      [c.text('person'), r.person_id ? <RecordLink kind="people" id={r.person_id}>{r.person || c.text('person')}</RecordLink> : null],
      [c.text('body'), r.body],
      [c.text('owner'), r.owner?.full_name],
      [c.text('created'), formatTimestamp(c.lang, r.created_at)],
      [c.text('updated'), formatTimestamp(c.lang, r.updated_at)],
    ],
  },
  choices: {
    status: { value: (r) => r.status, shown: (r, c) => c.labelOf('ticket_statuses', r.status), options: statusOptions, body: (status) => ({ status }) },
    priority: { value: (r) => r.priority, shown: (r, c) => c.labelOf('task_priorities', r.priority), options: priorityOptions, body: (priority) => ({ priority }) },
    assignee_id: {
      value: (r) => (r.assignee ? String(r.assignee.id) : ''),
      shown: (r) => r.assignee?.full_name ?? '',
      options: (c) => [{ value: '', label: c.text('nobody') }, ...userOptions(c)],
      body: (v) => ({ assignee_id: v ? Number(v) : null }),
    },
  },
  inputs: (c): Input<keyof Schemas['CreateTicketDto']>[] => [
    { key: 'subject', label: c.text('subject'), required: true, max: 300 },
    { key: 'customer_id', label: c.text('company'), pick: { search: searchCompanies, queryKey: companyKeys.lists() } },
    {
      key: 'priority',
      label: c.text('priority'),
      required: true,
      options: priorities(c).map((p) => ({ value: p, label: `${c.labelOf('task_priorities', p)} · ${c.text('sla', { h: formatNumber(c.lang, c.me.app.ticket_sla_hours?.[p]) })}` })),
    },
    { key: 'assignee_id', label: c.text('assignee'), options: userOptions(c), none: c.text('nobody'), number: true },
    { key: 'who', label: c.text('who'), max: 200 },
    { key: 'body', label: c.text('body'), rows: 3 },
  ],
});

declare module '../../lib/label-of' {
  /** The tickets' statuses have labels in `me` (their constants block). */
  interface LabelLists {
    ticket_statuses: true;
  }
}
