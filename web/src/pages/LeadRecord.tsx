import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';
import { useLang } from '../lib/i18n';
import { formatDate, formatTimestamp } from '../lib/format';

/** A lead (spec 2.5): the fields a fair visit captured, with links to what a conversion made. Part 2 of the web app adds editing and conversion. */
export default function LeadRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const q = useQuery({ queryKey: ['lead', id], queryFn: async () => must(await api.GET('/api/v1/leads/{id}', { params: { path: { id } } })).lead, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Lead" rid={r.rid} title={r.company || r.contact_name} />
          <Fields items={[["Contact", r.contact_name], ["Status", r.status], ["Fair", r.fair], ["E-mail", r.email], ["Phone", r.phone], ["City", r.city], ["Next action", r.next_action], ["Next date", formatDate(lang, r.next_date)], ["Company", <RecordLink kind="companies" id={r.customer_id}>{r.link_customer || r.company}</RecordLink>], ["Opportunity", r.opp_id ? <RecordLink kind="opportunities" id={r.opp_id}>{r.opp_type || String(r.opp_id)}</RecordLink> : null], ["Note", r.note], ["Created", formatTimestamp(lang, r.created_at)]]} />
        </article>
      )}
    </Loaded>
  );
}
