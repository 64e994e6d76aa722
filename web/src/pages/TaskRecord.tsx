import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';
import { useLang } from '../lib/i18n';
import { formatDate, formatTimestamp } from '../lib/format';

/** A task. Part 2 of the web app adds the task lists and editing. */
export default function TaskRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const q = useQuery({ queryKey: ['task', id], queryFn: async () => must(await api.GET('/api/v1/tasks/{id}', { params: { path: { id } } })).task, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Task" title={r.title} />
          <Fields items={[["Status", r.status], ["Priority", r.priority], ["Due", formatDate(lang, r.due_date)], ["Assignee", r.assignee?.full_name], ["Company", r.customer_id ? <RecordLink kind="companies" id={r.customer_id}>{`C-${r.customer_id}`}</RecordLink> : null], ["Opportunity", r.opp_id ? <RecordLink kind="opportunities" id={r.opp_id}>{`O-${r.opp_id}`}</RecordLink> : null], ["Description", r.description], ["Created", formatTimestamp(lang, r.created_at)]]} />
        </article>
      )}
    </Loaded>
  );
}
