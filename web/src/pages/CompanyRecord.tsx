import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader } from '../shell/RecordView';

/** The company record (placeholder until the records screen lands). */
export default function CompanyRecord() {
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['company', id], queryFn: async () => must(await api.GET('/api/v1/companies/{id}', { params: { path: { id } } })).company, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind="Company" rid={r.rid} title={r.name} />
          <Fields items={[["Status", r.status_label], ["City", r.city], ["Sector", r.sector], ["Owner", r.owner?.full_name]]} />
        </article>
      )}
    </Loaded>
  );
}
