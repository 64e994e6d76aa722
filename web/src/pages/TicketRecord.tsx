import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';
import { useLang } from '../lib/i18n';
import { formatTimestamp } from '../lib/format';

/** A support ticket. Part 2 of the web app adds the ticket list and editing. */
export default function TicketRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const q = useQuery({ queryKey: ['ticket', id], queryFn: async () => must(await api.GET('/api/v1/tickets/{id}', { params: { path: { id } } })).ticket, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Ticket" title={r.subject} />
          <Fields items={[["Status", r.status], ["Priority", r.priority], ["Due", formatTimestamp(lang, r.due_at)], ["Assignee", r.assignee?.full_name], ["Company", r.customer_id ? <RecordLink kind="companies" id={r.customer_id}>{`C-${r.customer_id}`}</RecordLink> : null], ["Body", r.body], ["Created", formatTimestamp(lang, r.created_at)]]} />
        </article>
      )}
    </Loaded>
  );
}
