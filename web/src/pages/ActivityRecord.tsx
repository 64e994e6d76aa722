import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';
import { screenText, useLang } from '../lib/i18n';
import { formatDate, formatTimestamp } from '../lib/format';

const useText = screenText(
  { kind: 'Activity', date: 'Date', company: 'Company', opportunity: 'Opportunity', outcome: 'Outcome', nextAction: 'Next action', nextDate: 'Next date', owner: 'Owner', note: 'Note', created: 'Created' },
  { kind: 'Aktivite', date: 'Tarih', company: 'Firma', opportunity: 'Fırsat', outcome: 'Sonuç', nextAction: 'Sonraki adım', nextDate: 'Sonraki tarih', owner: 'Sorumlu', note: 'Not', created: 'Oluşturulma' },
);

/** A visit, call or other activity (spec 2.11), as a record link opens it. Quick Entry and editing come with part 2. */
export default function ActivityRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const t = useText();
  const q = useQuery({ queryKey: ['activity', id], queryFn: async () => must(await api.GET('/api/v1/activities/{id}', { params: { path: { id } } })).activity, enabled: Number.isSafeInteger(id) });
  return (
    <Loaded q={q}>
      {(r) => (
        <article>
          <RecordHeader kind={t('kind')} rid={r.rid} title={`${r.type}${r.topic ? ` · ${r.topic}` : ''}`} />
          <Fields
            items={[
              [t('date'), formatDate(lang, r.date)],
              [t('company'), <RecordLink kind="companies" id={r.customer_id}>{r.customer}</RecordLink>],
              [t('opportunity'), r.opp_id ? <RecordLink kind="opportunities" id={r.opp_id}>{r.opp || String(r.opp_id)}</RecordLink> : null],
              [t('outcome'), r.outcome],
              [t('nextAction'), r.next_action],
              [t('nextDate'), formatDate(lang, r.next_date)],
              [t('owner'), r.owner?.full_name],
              [t('note'), r.note],
              [t('created'), formatTimestamp(lang, r.created_at)],
            ]}
          />
        </article>
      )}
    </Loaded>
  );
}
