import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { ListScreen } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { usePeopleText } from './people.text';
import { PhoneLink } from '../../shell/Contact';
import { PersonForm } from './PersonForm';
import { usePersonList } from './queries';
import { ImportLink } from '../imports';

const FILTERS = ['q', 'owner_id', 'customer_id', 'sort', 'archived'] as const;
const PAGE = 25;

/** The people list: search, owner (and company, from a company's link), sort, keyset paging. */
export default function People() {
  const me = useMe();
  const t = useT();
  const text = usePeopleText();
  const navigate = useNavigate();
  const url = useUrlFilters(FILTERS);
  const f = url.values;
  const [creating, setCreating] = useState(false);

  const query = {
    q: f.q || undefined,
    owner_id: f.owner_id ? Number(f.owner_id) : undefined,
    customer_id: f.customer_id ? Number(f.customer_id) : undefined,
    sort: f.sort === 'update' ? ('update' as const) : undefined,
    active: f.archived ? false : undefined,
    limit: PAGE,
  };
  const list = usePersonList(query);
  const { limit: _page, ...filters } = query;
  const companyName = query.customer_id ? list.data?.pages[0]?.items[0]?.customer : undefined;

  return (
    <ListScreen
      title={companyName ? `${text('people')}: ${companyName}` : text('people')}
      exportCall={(o) => api.GET('/api/v1/people/export', { params: { query: { ...filters, ...o } }, parseAs: 'blob' })}
      actions={
        !creating && (
          <>
            <ImportLink />
            <button type="button" className="primary" onClick={() => setCreating(true)}>
              {text('newPerson')}
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
          { type: 'search', key: 'q', label: text('searchPeople') },
          { type: 'select', key: 'owner_id', label: t('common.owner'), any: text('anyOwner'), options: me.users.map((u) => ({ value: u.id, label: u.full_name })) },
          { type: 'select', key: 'sort', label: text('sort'), any: text('sortRecent'), options: [{ value: 'update', label: text('sortUpdate') }] },
          { type: 'check', key: 'archived', label: text('archived') },
        ],
      }}
      list={list}
      caption={text('people')}
      empty={text('noResults')}
      columns={[
        {
          label: t('common.name'),
          cell: (p) => (
            <>
              <Link to={`/people/${p.id}`}>{p.name}</Link>
              {p.is_main ? <span className="co-badge">{text('isMain')}</span> : null}
            </>
          ),
        },
        { label: text('company'), cell: (p) => (p.customer_id ? <Link to={`/companies/${p.customer_id}`}>{p.customer}</Link> : null) },
        { label: text('title'), cell: (p) => p.title },
        { label: text('email'), cell: (p) => (p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : null) },
        { label: text('phone'), cell: (p) => <PhoneLink phone={p.phone} /> },
        { label: t('common.owner'), cell: (p) => p.owner?.full_name },
      ]}
    >
      {creating && <PersonForm customerId={query.customer_id} customerName={companyName} onSaved={(p) => navigate(`/people/${p.id}`)} onCancel={() => setCreating(false)} />}
    </ListScreen>
  );
}
