import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';

/** The opportunity record (placeholder until the pipeline screen lands). */
export default function OpportunityRecord() {
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['opp', id], queryFn: async () => must(await api.GET('/api/v1/opportunities/{id}', { params: { path: { id } } })).opp, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Opportunity" rid={r.rid} title={r.name} />
          <Fields items={[["Stage", r.stage_label], ["Value", String(r.value ?? "")], ["Company", <RecordLink kind="companies" id={r.customer_id}>{r.customer}</RecordLink>]]} />
        </article>
      )}
    </Loaded>
  );
}
