import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../lib/i18n';
import { BarChart } from './BarChart';
import { toCsv, type ReportView, type TableModel } from './model';
import { useReportText } from './reports.text';

/**
 * One report: its title, the text summary (the numbers in a sentence), the chart and under it the same figures
 * as a table, the chart's text alternative, where every figure with opportunities behind it is a link to them;
 * the table as a CSV file.
 */
export function ReportCard({ view, href, file, children }: { view: ReportView; href: (key: string) => string; file: string; children?: ReactNode }) {
  const text = useReportText();
  const lang = useLang();
  const id = useId();
  const download = () => {
    // Excel in Turkey reads `;` as the column separator, and needs the byte order mark to read UTF-8
    const blob = new Blob(['\ufeff', toCsv(view.table, lang === 'tr' ? ';' : ',')], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${file}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  return (
    <section className={view.table.head.length > 6 ? "co-section rp-card rp-wide" : "co-section rp-card"} aria-labelledby={`${id}-h`}>
      <div className="rp-card-head">
        <h2 id={`${id}-h`}>{view.title}</h2>
        <div className="rp-actions">
          <button type="button" onClick={download}>
            {text('csv')}
            <span className="sr-only">{`: ${view.title}`}</span>
          </button>
        </div>
      </div>
      <p className="rp-summary">{view.summary}</p>
      {children}
      {view.rows.length ? <BarChart view={view} href={href} label={text('chartOf', { title: view.title })} /> : null}
      <DataTable table={view.table} caption={view.title} href={href} />
    </section>
  );
}

export function DataTable({ table, caption, href }: { table: TableModel; caption: string; href: (key: string) => string }) {
  return (
    <table className={table.head.length > 6 ? "co-table rp-table rp-table-wide" : "co-table rp-table"}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {table.head.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r) => (
          <tr key={r.head.text}>
            <th scope="row">{r.head.text}</th>
            {r.cells.map((c, i) => (
              <td key={i} data-label={table.head[i + 1]}>
                {c.drill && c.drill.count > 0 ? (
                  <Link to={href(c.drill.key)}>
                    {c.text}
                    <span className="sr-only">{` – ${c.drill.title}`}</span>
                  </Link>
                ) : (
                  c.text
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
