import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import type { Drill } from './model';
import { useReportText } from './reports.text';
import { oppKeys } from '../opportunities/queries';

const PAGE = 20;

/**
 * The opportunities behind a figure, by name with company, stage and value. The reports give ids (`rows=1`); the
 * API has no list by ids, so each is read on its own, a page of 20 at a time (docs/decisions/web-app.md, "Reports dashboard").
 */
export function DrillList({ drill, closeHref }: { drill: Drill; closeHref: string }) {
  const text = useReportText();
  const t = useT();
  const lang = useLang();
  const label = useLabels();
  const base = useMe().app.currency_base;
  const [shown, setShown] = useState(PAGE);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [drill.key]);
  const ids = drill.ids.slice(0, shown);
  const opps = useQueries({
    queries: ids.map((id) => ({ queryKey: oppKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/opportunities/{id}', { params: { path: { id } } })).opp })),
  });
  return (
    <section className="co-section rp-drill" aria-labelledby="rp-drill-h">
      <div className="rp-card-head">
        <h2 id="rp-drill-h" ref={heading} tabIndex={-1}>
          {drill.title}
        </h2>
        <Link to={closeHref} className="rp-close">
          {t('common.close')}
          <span className="sr-only">{`: ${drill.title}`}</span>
        </Link>
      </div>
      <p>{text('drillCount', { n: drill.ids.length })}</p>
      <ul className="rp-drill-list">
        {opps.map((q, i) => (
          <li key={ids[i]}>
            {q.data ? (
              <>
                <Link to={`/opportunities/${q.data.id}`}>{q.data.name}</Link>
                <span className="rp-muted">{` · ${q.data.customer} · ${label('stages', q.data.stage)} · ${formatMoney(lang, q.data.value_base, base)}`}</span>
              </>
            ) : q.error ? (
              text('drillGone')
            ) : (
              t('app.loading')
            )}
          </li>
        ))}
      </ul>
      {shown < drill.ids.length ? (
        <button type="button" onClick={() => setShown(shown + PAGE)}>
          {t('common.more')}
        </button>
      ) : null}
    </section>
  );
}
