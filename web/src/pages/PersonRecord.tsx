import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';

/** The person record (placeholder until the records screen lands). */
export default function PersonRecord() {
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['person', id], queryFn: async () => must(await api.GET('/api/v1/people/{id}', { params: { path: { id } } })).person, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Person" rid={r.rid} title={r.name} />
          <Fields items={[["Company", <RecordLink kind="companies" id={r.customer_id}>{r.customer}</RecordLink>], ["Title", r.title], ["E-mail", r.email], ["Phone", r.phone]]} />
        </article>
      )}
    </Loaded>
  );
}
