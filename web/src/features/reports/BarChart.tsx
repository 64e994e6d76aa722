import { Link } from 'react-router';
import { chartMax, type ReportView } from './model';

/**
 * Horizontal bars in HTML (no chart library: docs/decisions/web-app.md, "Reports dashboard"). A list a screen reader reads row by row:
 * each row's name, its figures in words, and each piece of the bar a link to the opportunities behind it. Pieces
 * differ by pattern as well as colour; the legend shows both. Bars are percentages of the row, so the chart fits
 * any width without scrolling sideways.
 */
export function BarChart({ view, href, legend }: { view: ReportView; href: (key: string) => string; legend: string }) {
  const max = view.max ?? chartMax(view.rows);
  const pc = (n: number) => `${Math.max(0, Math.min(100, (n / max) * 100))}%`;
  return (
    <div className="rp-chart">
      {view.legend.length || view.markerLabel ? (
        <ul className="rp-legend" aria-label={legend}>
          {view.legend.map((l) => (
            <li key={l.label}>
              <span className={`rp-swatch rp-tone-${l.tone}`} aria-hidden="true" />
              {l.label}
            </li>
          ))}
          {view.markerLabel ? (
            <li>
              <span className="rp-swatch rp-marker-swatch" aria-hidden="true" />
              {view.markerLabel}
            </li>
          ) : null}
        </ul>
      ) : null}
      <ul className="rp-bars">
        {view.rows.map((row) => (
          <li key={row.key} className="rp-row">
            <span className="rp-label">{row.label}</span>
            <span className="rp-track">
              {row.offset ? <span className="rp-gap" style={{ width: pc(row.offset) }} /> : null}
              {row.segments.map((s, i) =>
                s.value > 0 && s.drill && s.drill.count > 0 ? (
                  <Link key={i} to={href(s.drill.key)} className={`rp-seg rp-tone-${s.tone}`} style={{ width: pc(s.value) }} aria-label={`${row.label}, ${s.text}`} title={s.text} />
                ) : s.value > 0 ? (
                  <span key={i} className={`rp-seg rp-tone-${s.tone}`} style={{ width: pc(s.value) }} title={s.text} />
                ) : null,
              )}
              {row.marker ? <span className="rp-marker" style={{ left: pc(row.marker) }} title={view.markerLabel} /> : null}
            </span>
            <span className="rp-text">{row.text}</span>
            {row.note ? <span className="rp-note">{row.note}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
