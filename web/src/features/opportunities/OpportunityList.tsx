import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { useMe } from '../../lib/session';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatMoney } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { HealthBadge, stageLabel, ViewSwitch } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { useOppList } from './queries';
import { ShortSearchNote } from '../../shell/ListScreen';
import { NewOppButton } from './NewOpp';
import { ExportButton } from '../../shell/ExportButton';

const PAGE = 50;

/**
 * The opportunity list: a table with the API's filters (stage, owner, open/closed, name contains), kept in the
 * address so a filtered list can be shared, and keyset paging (`next_cursor`, "Load more").
 */
export default function OpportunityList() {
  const me = useMe();
  const c = me.constants;
  const text = useOppText();
  const t = useT();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const stage = params.get('stage') ?? '';
  const owner = Number(params.get('owner') ?? '') || undefined;
  const status = params.get('status') === 'open' || params.get('status') === 'closed' ? (params.get('status') as 'open' | 'closed') : undefined;
  const q = params.get('q') ?? '';
  const filters = { ...(stage ? { stage } : {}), ...(owner ? { owner_id: owner } : {}), ...(status ? { status } : {}), ...(q ? { q } : {}) };

  const list = useOppList(filters, PAGE);

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ['q', 'stage', 'owner', 'status']) {
      const v = String(form.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  }

  return (
    <section aria-labelledby="opp-list-h">
      <header className="opp-head">
        <h1 id="opp-list-h">{text('list')}</h1>
        <ViewSwitch current="list" />
        <ExportButton call={(o) => api.GET('/api/v1/opportunities/export', { params: { query: { ...filters, ...o } }, parseAs: 'blob' })} />
      </header>
      <NewOppButton />
      <form className="filters" role="search" aria-label={text('filters')} onSubmit={apply} key={params.toString()}>
        <label>
          {text('search')}
          <input type="search" name="q" defaultValue={q} maxLength={200} />
        </label>
        <ShortSearchNote q={q} />
        <label>
          {text('stage')}
          <select name="stage" defaultValue={stage}>
            <option value="">{text('any')}</option>
            {c.stages.map((s) => (
              <option key={s} value={s}>
                {stageLabel(c, s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text('owner')}
          <select name="owner" defaultValue={owner ? String(owner) : ''}>
            <option value="">{text('anyone')}</option>
            {me.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.full_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text('status')}
          <select name="status" defaultValue={status ?? ''}>
            <option value="">{text('any')}</option>
            <option value="open">{text('open')}</option>
            <option value="closed">{text('closedStatus')}</option>
          </select>
        </label>
        <button type="submit" className="primary">
          {text('apply')}
        </button>
      </form>
      <Loaded q={list}>
        {(data) => {
          const rows = data.pages.flatMap((p) => p.items);
          if (rows.length === 0) return <p className="panel">{text('none')}</p>;
          return (
            <>
              <div className="table-wrap">
                <table className="opp-table">
                  <thead>
                    <tr>
                      <th scope="col">{text('opportunity')}</th>
                      <th scope="col" className="wide-only">
                        {text('company')}
                      </th>
                      <th scope="col">{text('stage')}</th>
                      <th scope="col" className="num">
                        {text('value')}
                      </th>
                      <th scope="col">{text('health')}</th>
                      <th scope="col" className="wide-only">
                        {text('owner')}
                      </th>
                      <th scope="col" className="wide-only">
                        {text('closeDate')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((o) => (
                      <tr key={o.id}>
                        <td>
                          <Link to={`/opportunities/${o.id}`}>{o.name}</Link>
                          <span className="rid"> {o.rid}</span>
                          <span className="phone-only company-line">{o.customer}</span>
                        </td>
                        <td className="wide-only">
                          <Link to={`/companies/${o.customer_id}`}>{o.customer}</Link>
                        </td>
                        <td>
                          <span className="swatch" style={{ background: c.stage_colors[o.stage] }} aria-hidden="true" /> {stageLabel(c, o.stage)}
                        </td>
                        <td className="num">{formatMoney(lang, o.value, o.currency)}</td>
                        <td>
                          <HealthBadge opp={o} />
                        </td>
                        <td className="wide-only">{o.owner?.full_name ?? ''}</td>
                        <td className="wide-only">{formatDate(lang, o.close_date)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {list.hasNextPage && (
                <button type="button" className="more" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {t('common.more')}
                </button>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
