import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { ListScreen } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { useCompanyText } from './companies.text';
import { CompanyForm } from './CompanyForm';
import { useCompanyList } from './queries';
import { ImportLink } from '../imports';

const FILTERS = ['q', 'status', 'owner_id', 'city', 'sector', 'sort', 'archived'] as const;
const PAGE = 25;

/** The companies list: search, filters and sort in the address, keyset paging with "Load more". */
export default function Companies() {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const lang = useLang();
  const text = useCompanyText();
  const navigate = useNavigate();
  const url = useUrlFilters(FILTERS);
  const f = url.values;
  const [creating, setCreating] = useState(false);

  const query = {
    q: f.q || undefined,
    status: f.status || undefined,
    owner_id: f.owner_id ? Number(f.owner_id) : undefined,
    city: f.city || undefined,
    sector: f.sector || undefined,
    sort: f.sort === 'update' ? ('update' as const) : undefined,
    active: f.archived ? false : undefined,
    limit: PAGE,
  };
  const list = useCompanyList(query);
  const { limit: _page, ...filters } = query;

  return (
    <ListScreen
      title={text('companies')}
      exportCall={(o) => api.GET('/api/v1/companies/export', { params: { query: { ...filters, ...o } }, parseAs: 'blob' })}
      actions={
        !creating && (
          <>
            <ImportLink />
            <button type="button" className="primary" onClick={() => setCreating(true)}>
              {text('newCompany')}
            </button>
          </>
        )
      }
      filters={{
        label: text('filters'),
        url,
        submit: text('search'),
        clear: text('clear'),
        fields: [
          { type: 'search', key: 'q', label: text('searchCompanies') },
          { type: 'select', key: 'status', label: text('status'), any: text('anyStatus'), options: me.constants.customer_statuses.map((s) => ({ value: s, label: labelOf('customer_statuses', s) })) },
          { type: 'select', key: 'owner_id', label: t('common.owner'), any: text('anyOwner'), options: me.users.map((u) => ({ value: u.id, label: u.full_name })) },
          { type: 'text', key: 'city', label: text('city') },
          { type: 'text', key: 'sector', label: text('sector') },
          { type: 'select', key: 'sort', label: text('sort'), any: text('sortRecent'), options: [{ value: 'update', label: text('sortUpdate') }] },
          { type: 'check', key: 'archived', label: text('archived') },
        ],
      }}
      list={list}
      caption={text('companies')}
      empty={text('noResults')}
      columns={[
        {
          label: t('common.name'),
          cell: (c) => (
            <>
              <Link to={`/companies/${c.id}`}>{c.name}</Link>
              {c.at_risk ? <span className="co-badge warn">{text('atRisk')}</span> : null}
            </>
          ),
        },
        { label: text('status'), cell: (c) => labelOf('customer_statuses', c.status) },
        { label: text('city'), cell: (c) => c.city },
        { label: text('sector'), cell: (c) => c.sector },
        { label: t('common.owner'), cell: (c) => c.owner?.full_name },
        { label: text('openOpps'), cell: (c) => formatNumber(lang, c.open_opps) },
        { label: text('lastVisit'), cell: (c) => (c.visit_state === 'never' ? text('never') : formatDate(lang, c.last_visit)) },
      ]}
    >
      {creating && <CompanyForm onSaved={(c) => navigate(`/companies/${c.id}`)} onCancel={() => setCreating(false)} />}
    </ListScreen>
  );
}
