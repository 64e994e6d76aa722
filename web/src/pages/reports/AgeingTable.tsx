import type { Schemas } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useReportText } from './reports.text';

/** Stage ageing as a table: per open stage the deals in it, their days in it and those over the stage's SLA. */
export function AgeingTable({ rows }: { rows: Schemas['WinRateResponse']['stage_ageing'] }) {
  const text = useReportText();
  const label = useLabels();
  const lang = useLang();
  const base = useMe().app.currency_base;
  const days = (n: number | null) => (n === null ? '–' : formatNumber(lang, n, 1));
  return (
    <table className="co-table">
      <caption className="sr-only">{text('ageing')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('stage')}</th>
          <th scope="col">{text('deals')}</th>
          <th scope="col">{text('value')}</th>
          <th scope="col">{text('medianDays')}</th>
          <th scope="col">{text('slaDays')}</th>
          <th scope="col">{text('overSla')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((g) => (
          <tr key={g.stage}>
            <th scope="row">{label('stages', g.stage)}</th>
            <td data-label={text('deals')}>{g.count}</td>
            <td data-label={text('value')}>{formatMoney(lang, g.value, base)}</td>
            <td data-label={text('medianDays')}>{days(g.median_days)}</td>
            <td data-label={text('slaDays')}>{g.sla_days || '–'}</td>
            <td data-label={text('overSla')}>{g.over_sla.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
