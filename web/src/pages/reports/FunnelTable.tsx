import type { Schemas } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useReportText } from './reports.text';

/** The funnel as a table: per stage the deals and value that reached it, and the conversion to the next. */
export function FunnelTable({ r }: { r: Schemas['FunnelResponse'] }) {
  const text = useReportText();
  const label = useLabels();
  const lang = useLang();
  const base = useMe().app.currency_base;
  const pct = (n: number | null) => (n === null ? '–' : `${formatNumber(lang, n * 100, 1)} %`);
  return (
    <>
      <table className="co-table">
        <caption className="sr-only">{text('funnel')}</caption>
        <thead>
          <tr>
            <th scope="col">{text('stage')}</th>
            <th scope="col">{text('deals')}</th>
            <th scope="col">{text('value')}</th>
            <th scope="col">{text('toNext')}</th>
          </tr>
        </thead>
        <tbody>
          {r.stages.map((s) => (
            <tr key={s.stage}>
              <th scope="row">{label('stages', s.stage)}</th>
              <td data-label={text('deals')}>{s.count}</td>
              <td data-label={text('value')}>{formatMoney(lang, s.value, base)}</td>
              <td data-label={text('toNext')}>{pct(s.conversion_to_next)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{text('overall', { rate: pct(r.overall_conversion) })}</p>
    </>
  );
}
