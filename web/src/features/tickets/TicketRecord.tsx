import { useParams } from 'react-router';
import { Loaded } from '../../shell/States';
import { Fields, RecordHeader, RecordLink } from '../../shell/RecordView';
import { useLang } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { useTicketText } from './tickets.text';
import { useTicket } from './queries';
import { TicketAssignee, TicketPriority, TicketStatus } from './parts';
import { TEXT_FIELDS } from './ticket.fields';
import { textFieldRows } from '../../shell/text-fields';
import { useLabels } from '../../lib/labels';
import '../../shell/screens.css';

/** A support ticket in one call, with its status, priority and assignee to change (each saves on change). */
export default function TicketRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const labelOf = useLabels();
  const text = useTicketText();
  const q = useTicket(id);
  return (
    <Loaded q={q}>
      {(r) => (
        <article className="co-page">
          <RecordHeader kind={text('ticket')} title={r.subject}>
            {r.overdue ? (
              <p className="co-badges">
                <span className="or-badge danger">{text('overdue')}</span>
              </p>
            ) : null}
          </RecordHeader>
          <Fields
            items={[
              [text('status'), <TicketStatus key="s" ticket={r} label={text('status')} />],
              // ticket priorities are the keys of ticket_sla_hours; they read as task priorities (the same default keys)
              [text('priority'), <span key="p">
                <TicketPriority ticket={r} label={text('priority')} shown={labelOf('task_priorities', r.priority)} /> {text('sla', { h: formatNumber(lang, r.sla_hours) })}
              </span>],
              [text('due'), formatTimestamp(lang, r.due_at)],
              [text('closedAt'), formatTimestamp(lang, r.closed_at)],
              ...textFieldRows(TEXT_FIELDS, r, lang),
              [text('assignee'), <TicketAssignee key="a" ticket={r} label={text('assignee')} none={text('nobody')} />],
              [text('company'), r.customer_id ? <RecordLink key="c" kind="companies" id={r.customer_id}>{r.customer || text('company')}</RecordLink> : null],
              [text('person'), r.person_id ? <RecordLink key="p" kind="people" id={r.person_id}>{r.person || text('person')}</RecordLink> : null],
              [text('body'), r.body],
              [text('owner'), r.owner?.full_name],
              [text('created'), formatTimestamp(lang, r.created_at)],
              [text('updated'), formatTimestamp(lang, r.updated_at)],
            ]}
          />
        </article>
      )}
    </Loaded>
  );
}
