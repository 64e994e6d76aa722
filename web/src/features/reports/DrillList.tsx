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
 * The opportunities behind a figure, by name with company, stage and value. The reports give ids (`rows=1`); each
 * page of 20 is one read of the opportunity list filtered by those ids (docs/decisions/web-app.md, "Reports dashboard").
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
  const pages = useQueries({
    queries: Array.from({ length: Math.ceil(ids.length / PAGE) }, (_, i) => ids.slice(i * PAGE, (i + 1) * PAGE)).map((page) => ({
      queryKey: oppKeys.list({ ids: page }),
      queryFn: async () => must(await api.GET('/api/v1/opportunities', { params: { query: { ids: page.join(','), limit: PAGE } } })),
    })),
  });
  // an id the list does not answer was deleted or is no longer visible since the report was read
  const byId = new Map(pages.flatMap((p) => p.data?.items ?? []).map((o) => [o.id, o]));
  const opps = ids.map((id, i) => {
    const page = pages[Math.floor(i / PAGE)];
    return { data: byId.get(id), error: page?.error ?? (page?.data ? true : null) };
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
