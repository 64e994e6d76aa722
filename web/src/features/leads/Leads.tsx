import { Link } from 'react-router';
import { api } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { ListScreen, listRows } from '../../shell/ListScreen';
import { useFairs, useLeadList } from './queries';
import { useUrlFilters } from '../../shell/url-filters';
import { useLeadText } from './leads.text';
import { useWebFormText } from './webforms.text';
import { useHookText } from './hooks.text';
import './leads.css';

const FILTERS = ['fair_id', 'status', 'owner_id', 'q'] as const;
const PAGE = 25;

/** The leads by fair, status, owner and words (all in the address), newest first, paged. Two calls: fairs and leads. */
export default function Leads() {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const lang = useLang();
  const text = useLeadText();
  const formText = useWebFormText();
  const hookText = useHookText();
  const url = useUrlFilters(FILTERS);
  const f = url.values;
  const fairs = useFairs();
  const query = { fair_id: f.fair_id ? Number(f.fair_id) : undefined, status: f.status || undefined, owner_id: f.owner_id ? Number(f.owner_id) : undefined, q: f.q || undefined, limit: PAGE };
  const list = useLeadList(query);
  const { limit: _page, ...filters } = query;
  const statuses = [...me.constants.lead_statuses, ...(me.constants.lead_statuses.includes(me.constants.lead_status_won) ? [] : [me.constants.lead_status_won])];
  // a fair from the address that is not among the newest 100 still shows as chosen, by the name its leads
  // carry (the list is filtered by it), never by its id
  const fairName = listRows(list).find((l) => String(l.fair_id) === f.fair_id)?.fair;
  const unlisted = f.fair_id && fairs.data && !fairs.data.some((x) => String(x.id) === f.fair_id) ? [{ value: f.fair_id, label: fairName || text('fair') }] : [];

  return (
    <ListScreen
      className="ld-page"
      title={text('leads')}
      exportCall={(o) => api.GET('/api/v1/leads/export', { params: { query: { ...filters, ...o } }, parseAs: 'blob' })}
      actions={
        <div className="co-actions">
          {me.user.role === 'admin' ? <Link to="/leads/forms">{formText('webForms')}</Link> : null}
          {me.user.role === 'admin' ? <Link to="/leads/hooks">{hookText('hooks')}</Link> : null}
          <Link className="button primary" to={f.fair_id ? `/leads/new?fair_id=${f.fair_id}` : '/leads/new'}>
            {text('captureLead')}
          </Link>
        </div>
      }
      filters={{
        label: text('filters'),
        url,
        submit: text('search'),
        clear: text('clear'),
        fields: [
          { type: 'select', key: 'fair_id', label: text('fair'), any: text('anyFair'), options: [...(fairs.data ?? []).map((x) => ({ value: x.id, label: x.name })), ...unlisted] },
          { type: 'select', key: 'status', label: text('status'), any: text('anyStatus'), options: statuses.map((s) => ({ value: s, label: labelOf('lead_statuses', s) })) },
          { type: 'select', key: 'owner_id', label: t('common.owner'), any: text('anyOwner'), options: me.users.map((u) => ({ value: u.id, label: u.full_name })) },
          { type: 'search', key: 'q', label: text('searchLeads') },
        ],
      }}
      list={list}
      caption={text('leads')}
      empty={text('noResults')}
      columns={[
        { label: text('company'), cell: (r) => <Link to={`/leads/${r.id}`}>{r.company || r.contact_name || r.rid}</Link> },
        { label: text('contact'), cell: (r) => r.contact_label },
        { label: text('fair'), cell: (r) => r.fair },
        { label: text('status'), cell: (r) => <span className="co-badge">{labelOf('lead_statuses', r.status_eff)}</span> },
        { label: text('interest'), cell: (r) => labelOf('lead_interest', r.interest) },
        { label: text('nextAction'), cell: (r) => [labelOf('lead_next_actions', r.next_action), formatDate(lang, r.next_date)].filter(Boolean).join(' · ') },
        { label: t('common.owner'), cell: (r) => r.owner?.full_name },
        { label: text('created'), cell: (r) => formatDate(lang, r.created_at) },
      ]}
    />
  );
}
