import type { FormEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { AgeingTable } from './AgeingTable';
import { FunnelTable } from './FunnelTable';
import { QuotaForm } from './QuotaForm';
import { ForecastTable, MovementTable, WinRateTable } from './ReportTables';
import { useReportText } from './reports.text';
import '../../shell/screens.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The reports (pipeline movement, forecast, win rate, funnel) for one period, each as a table; the period is in
 * the address (`?from=&to=`) so a view can be shared. Without one the API's default: the current quarter.
 */
export default function Reports() {
  const text = useReportText();
  const [params, setParams] = useSearchParams();
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const query = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const movement = useQuery({ queryKey: ['reports', 'movement', query], queryFn: async () => must(await api.GET('/api/v1/reports/pipeline-movement', { params: { query } })) });
  const forecast = useQuery({ queryKey: ['reports', 'forecast', query], queryFn: async () => must(await api.GET('/api/v1/reports/forecast', { params: { query } })) });
  const winRate = useQuery({ queryKey: ['reports', 'win-rate', query], queryFn: async () => must(await api.GET('/api/v1/reports/win-rate', { params: { query } })) });
  const funnel = useQuery({ queryKey: ['reports', 'funnel', query], queryFn: async () => must(await api.GET('/api/v1/reports/funnel', { params: { query } })) });

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ['from', 'to']) {
      const v = String(form.get(k) ?? '');
      if (DATE.test(v)) next.set(k, v);
    }
    setParams(next);
  }

  return (
    <section className="co-page" aria-labelledby="reports-h">
      <div className="co-head">
        <h1 id="reports-h">{text('reports')}</h1>
      </div>
      <p className="help">{text('intro')}</p>
      <form className="co-filters" aria-label={text('filters')} onSubmit={apply} key={params.toString()}>
        <label>
          {text('from')}
          <input type="date" name="from" defaultValue={from ?? movement.data?.from ?? ''} />
        </label>
        <label>
          {text('to')}
          <input type="date" name="to" defaultValue={to ?? movement.data?.to ?? ''} />
        </label>
        <button type="submit">{text('show')}</button>
      </form>
      <Report id="movement" title={text('movement')}>
        <Loaded q={movement}>{(r) => <MovementTable r={r} />}</Loaded>
      </Report>
      <Report id="forecast" title={text('forecast')}>
        <QuotaForm />
        <Loaded q={forecast}>{(r) => <ForecastTable r={r} />}</Loaded>
      </Report>
      <Report id="win-rate" title={text('winRate')}>
        <Loaded q={winRate}>{(r) => <WinRateTable r={r} />}</Loaded>
      </Report>
      <Report id="ageing" title={text('ageing')}>
        <Loaded q={winRate}>{(r) => <AgeingTable rows={r.stage_ageing} />}</Loaded>
      </Report>
      <Report id="funnel" title={text('funnel')}>
        <Loaded q={funnel}>{(r) => <FunnelTable r={r} />}</Loaded>
      </Report>
    </section>
  );
}

function Report({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="co-section" aria-labelledby={`report-${id}`}>
      <h2 id={`report-${id}`}>{title}</h2>
      {children}
    </section>
  );
}
