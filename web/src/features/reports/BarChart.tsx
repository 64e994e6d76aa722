import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { BarChart as Bars, ScatterChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { chartMax, type ReportView } from './model';

// only the parts these charts draw (horizontal stacked bars, a marker, legend, tooltip, decal patterns), in SVG:
// the Reports chunk alone loads them (docs/decisions/web-app.md, "Reports dashboard")
register([Bars, ScatterChart, GridComponent, LegendComponent, TooltipComponent, AriaComponent, SVGRenderer]);

/** A colour per tone (3:1 on white); ECharts' decal patterns tell them apart without colour too. */
const TONES = ['#1e40af', '#0f766e', '#c2410c', '#6b21a8', '#374151', '#9d174d', '#854d0e'];
const INK = '#111827';
const ROW = 34;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Datum = { value: number; text?: string; drill?: string };

/** The chart's option: one stacked series per tone (the legend's entries), a transparent lead for floating bars, the marker as a dash. */
export function chartOption(view: ReportView, width: number): EChartsCoreOption {
  const tones = [...new Set(view.rows.flatMap((r) => r.segments.map((s) => s.tone)))].sort((a, b) => a - b);
  const name = (tone: number) => view.legend.find((l) => l.tone === tone)?.label ?? view.rows.flatMap((r) => r.segments).find((s) => s.tone === tone)?.label ?? '';
  const hasOffset = view.rows.some((r) => r.offset);
  const hasMarker = view.rows.some((r) => r.marker);
  const series: object[] = [];
  if (hasOffset) {
    series.push({ type: 'bar', stack: 'a', silent: true, itemStyle: { color: 'transparent', decal: { symbol: 'none' } }, tooltip: { show: false }, data: view.rows.map((r) => r.offset ?? 0) });
  }
  for (const tone of tones) {
    const data: Datum[] = view.rows.map((r) => {
      const segs = r.segments.filter((s) => s.tone === tone);
      const s = segs[0];
      return { value: segs.reduce((n, x) => n + Math.max(0, x.value), 0), text: s ? `${r.label}, ${s.text}` : undefined, drill: s?.drill && s.drill.count > 0 ? s.drill.key : undefined };
    });
    series.push({ type: 'bar', name: name(tone), stack: 'a', barMaxWidth: 22, itemStyle: { color: TONES[tone % TONES.length], borderColor: INK, borderWidth: 1 }, cursor: 'pointer', data });
  }
  if (hasMarker) {
    const data = view.rows.map((r) => (r.marker ? { value: [r.marker, r.label], text: `${r.label}, ${view.markerLabel ?? ''}` } : { value: [null, r.label] }));
    series.push({ type: 'scatter', name: view.markerLabel, symbol: 'rect', symbolSize: [3, 26], itemStyle: { color: INK }, z: 5, data });
  }
  const legendNames = [...tones.map(name), ...(hasMarker && view.markerLabel ? [view.markerLabel] : [])].filter((n) => n);
  // the legend wraps; leave it the lines it needs (about 7 px a character and 40 for the symbol and gap)
  const legendWidth = legendNames.reduce((n, l) => n + l.length * 7 + 40, 0);
  const legendLines = legendNames.length > 1 ? Math.max(1, Math.ceil(legendWidth / Math.max(200, width))) : 0;
  const narrow = width < 480;
  return {
    animation: false,
    aria: { enabled: true, label: { enabled: false }, decal: { show: true } },
    legend: legendLines ? { top: 0, left: 0, data: legendNames, itemGap: 12, textStyle: { color: INK } } : { show: false },
    grid: { left: 4, right: 16, top: legendLines * 24 + 8, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { data?: { text?: string } }) => escapeHtml(p.data?.text ?? ''),
    },
    xAxis: { type: 'value', max: view.max ?? chartMax(view.rows), axisLabel: { color: INK, hideOverlap: true }, splitNumber: narrow ? 3 : 5 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: view.rows.map((r) => r.label),
      axisLabel: { color: INK, width: narrow ? 96 : 150, overflow: 'break', fontSize: 12, lineHeight: 14 },
    },
    series,
  };
}

/**
 * A report as horizontal bars drawn by ECharts (SVG). It is a picture named by the report's summary; the table
 * beside it (ReportCard) is its text alternative, where every figure is a link a keyboard reaches. A click on a
 * bar opens the same drill-down as its table link.
 */
export function BarChart({ view, href, label }: { view: ReportView; href: (key: string) => string; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef({ view, href });
  latest.current = { view, href };
  const navigate = useNavigate();
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = init(node, undefined, { renderer: 'svg' });
    chart.current = c;
    c.on('click', (p) => {
      const key = (p.data as Datum | undefined)?.drill;
      if (key) void navigate(latest.current.href(key));
    });
    const resize = new ResizeObserver(() => {
      c.resize();
      c.setOption(chartOption(latest.current.view, node.clientWidth), { notMerge: true });
    });
    resize.observe(node);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [navigate]);
  useEffect(() => {
    chart.current?.setOption(chartOption(view, el.current?.clientWidth ?? 600), { notMerge: true });
  }, [view]);
  // the bars' rows and the legend's lines (wrapping at phone width)
  return <div ref={el} className="rp-echart" role="img" aria-label={label} style={{ height: Math.max(1, view.rows.length) * ROW + 90 }} />;
}
