import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';
import { useLang } from '../lib/i18n';
import { formatDate, formatTimestamp } from '../lib/format';

/** A visit, call or other activity (spec 2.11). Part 2 of the web app adds Quick Entry and editing. */
export default function ActivityRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const q = useQuery({ queryKey: ['activity', id], queryFn: async () => must(await api.GET('/api/v1/activities/{id}', { params: { path: { id } } })).activity, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Activity" rid={r.rid} title={`${r.type}${r.topic ? ` · ${r.topic}` : ""}`} />
          <Fields items={[["Date", formatDate(lang, r.date)], ["Company", <RecordLink kind="companies" id={r.customer_id}>{r.customer}</RecordLink>], ["Opportunity", r.opp_id ? <RecordLink kind="opportunities" id={r.opp_id}>{r.opp || String(r.opp_id)}</RecordLink> : null], ["Outcome", r.outcome], ["Next action", r.next_action], ["Next date", formatDate(lang, r.next_date)], ["Owner", r.owner?.full_name], ["Note", r.note], ["Created", formatTimestamp(lang, r.created_at)]]} />
        </article>
      )}
    </Loaded>
  );
}
