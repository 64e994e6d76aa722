import type { Schemas } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useReportText } from './reports.text';

type Figure = Schemas['ReportFigure'];
const TERMS = ['start', 'created', 'pulled_in', 'value_up', 'value_down', 'pushed_out', 'won', 'lost', 'end'] as const;
const SIGN: Record<(typeof TERMS)[number], string> = { start: '', created: '+', pulled_in: '+', value_up: '+', value_down: '−', pushed_out: '−', won: '−', lost: '−', end: '=' };

/** Money in the base currency and shares as percentages, in the user's language. */
function useFormat() {
  const lang = useLang();
  const base = useMe().app.currency_base;
  return { money: (n: number | null) => formatMoney(lang, n, base), pct: (n: number | null) => (n === null ? '–' : `${formatNumber(lang, n * 100, 1)} %`), num: (n: number | null) => (n === null ? '–' : formatNumber(lang, n, 1)) };
}

/** The waterfall as a table: one row per term, its sign, deals and value. */
export function MovementTable({ r }: { r: Schemas['PipelineMovementResponse'] }) {
  const text = useReportText();
  const f = useFormat();
  return (
    <table className="co-table">
      <caption className="sr-only">{text('movement')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('term')}</th>
          <th scope="col">{text('deals')}</th>
          <th scope="col">{text('value')}</th>
        </tr>
      </thead>
      <tbody>
        {TERMS.map((k) => {
          const fig: Figure = r[k];
          return (
            <tr key={k}>
              <th scope="row">{`${SIGN[k]} ${text(k)}`.trim()}</th>
              <td data-label={text('deals')}>{fig.count}</td>
              <td data-label={text('value')}>{f.money(fig.value)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Forecast: one row per period and category (open value, weighted), then won and quota per period. */
export function ForecastTable({ r }: { r: Schemas['ForecastResponse'] }) {
  const text = useReportText();
  const label = useLabels();
  const f = useFormat();
  return (
    <table className="co-table">
      <caption className="sr-only">{text('forecast')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('period')}</th>
          <th scope="col">{text('category')}</th>
          <th scope="col">{text('deals')}</th>
          <th scope="col">{text('value')}</th>
          <th scope="col">{text('weighted')}</th>
        </tr>
      </thead>
      <tbody>
        {r.periods.flatMap((p) => [
          ...p.categories.map((c) => (
            <tr key={`${p.period}/${c.category}`}>
              <th scope="row">{p.period}</th>
              <td data-label={text('category')}>{label('forecast_cats', c.category)}</td>
              <td data-label={text('deals')}>{c.count}</td>
              <td data-label={text('value')}>{f.money(c.value)}</td>
              <td data-label={text('weighted')}>{f.money(c.weighted)}</td>
            </tr>
          )),
          <tr key={`${p.period}/won`}>
            <th scope="row">{p.period}</th>
            <td data-label={text('category')}>{text('won')}</td>
            <td data-label={text('deals')}>{p.won.count}</td>
            <td data-label={text('value')}>{f.money(p.won.value)}</td>
            <td data-label={text('weighted')}>{`${text('quota')} ${f.money(p.quota)} · ${text('attainment')} ${f.pct(p.attainment)}`}</td>
          </tr>,
        ])}
      </tbody>
    </table>
  );
}

/** Win rate, cycle and velocity: one row per figure. */
export function WinRateTable({ r }: { r: Schemas['WinRateResponse'] }) {
  const text = useReportText();
  const f = useFormat();
  const rows: [string, string][] = [
    [text('won'), `${r.won.count} · ${f.money(r.won.value)}`],
    [text('lost'), `${r.lost.count} · ${f.money(r.lost.value)}`],
    [text('rate'), f.pct(r.win_rate)],
    [text('rateByValue'), f.pct(r.win_rate_by_value)],
    [text('cycleMedian'), f.num(r.cycle_median_days)],
    [text('cycleP80'), f.num(r.cycle_p80_days)],
    [text('velocity'), r.velocity_per_day === null ? '–' : f.money(r.velocity_per_day)],
  ];
  return (
    <table className="co-table">
      <caption className="sr-only">{text('winRate')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('figure')}</th>
          <th scope="col">{text('value')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td data-label={text('value')}>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
