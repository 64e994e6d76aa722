import { buckets, chartMax, drillIndex, drillOf, quarterOf, toCsv, type ReportView } from './model';

describe('reports model', () => {
  it('the quarter of a day, its last day by the calendar', () => {
    expect(quarterOf('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarterOf('2028-02-29')).toEqual({ from: '2028-01-01', to: '2028-03-31' });
    expect(quarterOf('2026-06-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
  });

  it('months of a period clipped to it; quarters beyond a year, at most 12 for three years', () => {
    expect(buckets('2026-10-15', '2026-12-31')).toEqual([
      { label: '2026-10', from: '2026-10-15', to: '2026-10-31' },
      { label: '2026-11', from: '2026-11-01', to: '2026-11-30' },
      { label: '2026-12', from: '2026-12-01', to: '2026-12-31' },
    ]);
    expect(buckets('2026-01-01', '2026-12-31')).toHaveLength(12);
    const q = buckets('2025-02-10', '2026-03-05');
    expect(q.map((b) => b.label)).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4', '2026-Q1']);
    expect([q[0].from, q[4].to]).toEqual(['2025-02-10', '2026-03-05']);
    expect(buckets('2024-01-01', '2026-12-31')).toHaveLength(12);
  });

  it('the CSV has plain numbers, quotes what needs it, and the separator asked for', () => {
    const csv = toCsv({ head: ['Stage', 'Value'], rows: [{ head: { text: 'Teklif; "son"' }, cells: [{ text: '€1,500', raw: 1500.5 }] }, { head: { text: 'B' }, cells: [{ text: '–', raw: null }] }] }, ';');
    expect(csv).toBe('Stage;Value\r\n"Teklif; ""son""";1500.5\r\nB;\r\n');
  });

  it('the widest bar or marker is the 100 %; the drill-downs of chart and table by key', () => {
    const d = drillOf('funnel.Q', 'Funnel: Q', { count: 2, ids: [5, 6] });
    const view: ReportView = {
      id: 'funnel', title: 'Funnel', summary: '', legend: [],
      rows: [{ key: 'a', label: 'A', text: '', offset: 10, segments: [{ label: 'x', value: 5, tone: 0, text: '', drill: d }] }, { key: 'b', label: 'B', text: '', marker: 30, segments: [] }],
      table: { head: ['Stage', 'Deals'], rows: [{ head: { text: 'A' }, cells: [{ text: '1', drill: drillOf('funnel.all', 'All', { count: 1 }) }] }] },
    };
    expect(chartMax(view.rows)).toBe(30);
    expect(chartMax([])).toBe(1);
    const index = drillIndex([view]);
    expect(index.get('funnel.Q')?.ids).toEqual([5, 6]);
    expect(index.get('funnel.all')).toEqual({ key: 'funnel.all', title: 'All', count: 1, ids: [] });
  });
});
