import fc from 'fast-check';
import { stageAgeing } from '../../../src/domain/crm/reports/ageing.rules';
import { byOpp, closedRow, median, percentile, periodBounds, periodOf, periodsBetween, monthsOf, stateAt } from '../../../src/domain/crm/reports/history.rules';
import { forecast } from '../../../src/domain/crm/reports/forecast.rules';
import { funnel, funnelOf, stagesEntered, type FunnelEntries } from '../../../src/domain/crm/reports/funnel.rules';
import { MOVEMENT_TERMS, pipelineMovement, reconciledEnd } from '../../../src/domain/crm/reports/movement.rules';
import type { HistoryRow } from '../../../src/domain/crm/reports/report.types';
import { winRate } from '../../../src/domain/crm/reports/win-rate.rules';

const OPEN = ['Qualify', 'Viable', 'Present', 'Negotiate'];
const ROLE: Record<string, string> = { Qualify: 'open', Viable: 'open', Present: 'open', Negotiate: 'open', Win: 'won', Lost: 'lost' };
const all = { owners: null, stages: null };
let seq = 0;
const row = (oppId: number, day: string, stage: string, cents = 1000_00, over: Partial<HistoryRow> = {}): HistoryRow => ({
  oppId,
  day,
  seq: ++seq,
  stage,
  role: ROLE[stage],
  cents,
  closeDate: '2026-12-15',
  ownerId: 1,
  fc: 'Pipeline',
  prob: 0.5,
  ...over,
});
const FUNNEL = { stages: [...OPEN, 'Win'], from: '2026-10-01', to: '2026-10-31', scope: { owners: null } };
const counts = (h: HistoryRow[], mode: 'in_order' | 'any_stage') => funnel(byOpp(h), { ...FUNNEL, mode }).steps.map((s) => s.reached.count);

describe('history', () => {
  it('state at a day is the last change on or before it', () => {
    const rows = [row(1, '2026-10-01', 'Qualify'), row(1, '2026-10-05', 'Viable'), row(1, '2026-10-05', 'Present')];
    expect(stateAt(rows, '2026-09-30')).toBeNull();
    expect(stateAt(rows, '2026-10-04')?.stage).toBe('Qualify');
    expect(stateAt(rows, '2026-10-05')?.stage).toBe('Present');
  });
  it('closed row is the last move from open to closed', () => {
    expect(closedRow([row(1, '2026-10-01', 'Qualify'), row(1, '2026-10-03', 'Win'), row(1, '2026-10-04', 'Win', 5)])?.day).toBe('2026-10-03');
    expect(closedRow([row(1, '2026-10-01', 'Qualify')])).toBeNull();
  });
  it('median, nearest-rank p80, periods', () => {
    expect(median([5, 1, 3, 2])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 80)).toBe(8);
    expect(percentile([7], 80)).toBe(7);
    expect(periodsBetween('2026-11-15', '2027-02-01', 'quarter')).toEqual(['2026-Q4', '2027-Q1']);
    expect(periodsBetween('2026-11-15', '2027-01-01', 'month')).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsOf('2026-Q4')).toEqual(['2026-10-01', '2026-11-01', '2026-12-01']);
  });
});

describe('funnel', () => {
  it('a straight path counts the same in both modes', () => {
    const h = [row(1, '2026-10-01', 'Qualify'), row(1, '2026-10-02', 'Viable'), row(1, '2026-10-03', 'Present')];
    expect(counts(h, 'in_order')).toEqual([1, 1, 1, 0, 0]);
    expect(counts(h, 'any_stage')).toEqual([1, 1, 1, 0, 0]);
  });
  it('skip: a skipped stage counts as passed in order, not in any_stage', () => {
    const h = [row(1, '2026-10-01', 'Qualify'), row(1, '2026-10-02', 'Present')];
    expect(counts(h, 'in_order')).toEqual([1, 1, 1, 0, 0]);
    expect(counts(h, 'any_stage')).toEqual([1, 0, 1, 0, 0]);
    const r = funnel(byOpp(h), { ...FUNNEL, mode: 'any_stage' });
    expect(r.steps[1].toNext).toBeNull();
    expect(r.steps[0].toNext).toBe(0);
  });
  it('back: moving back counts the earlier stage once; in order keeps the furthest stage', () => {
    const h = [row(1, '2026-10-01', 'Qualify'), row(1, '2026-10-02', 'Present'), row(1, '2026-10-03', 'Viable'), row(1, '2026-10-04', 'Present')];
    expect(stagesEntered(h, '2026-10-01', '2026-10-31')).toEqual(['Qualify', 'Present', 'Viable', 'Present']);
    expect(counts(h, 'in_order')).toEqual([1, 1, 1, 0, 0]);
    expect(counts(h, 'any_stage')).toEqual([1, 1, 1, 0, 0]);
  });
  it('revive: the revived record is a new opportunity entering the first stage; the lost one keeps what it reached', () => {
    const h = [row(1, '2026-10-01', 'Qualify'), row(1, '2026-10-02', 'Viable'), row(1, '2026-10-03', 'Lost'), row(2, '2026-10-04', 'Qualify')];
    expect(counts(h, 'in_order')).toEqual([2, 1, 0, 0, 0]);
    expect(counts(h, 'any_stage')).toEqual([2, 1, 0, 0, 0]);
  });
  it('reopen: a closed record moved back to an open stage enters that stage again (counted once per stage)', () => {
    const h = [row(1, '2026-10-01', 'Viable'), row(1, '2026-10-02', 'Lost'), row(1, '2026-10-03', 'Viable'), row(1, '2026-10-04', 'Win')];
    expect(counts(h, 'any_stage')).toEqual([0, 1, 0, 0, 1]);
    expect(counts(h, 'in_order')).toEqual([1, 1, 1, 1, 1]);
  });
  it('only entries within the period count; the stage held at the start was not reached in it', () => {
    const h = [row(1, '2026-09-20', 'Qualify'), row(1, '2026-09-25', 'Viable'), row(1, '2026-10-05', 'Present'), row(1, '2026-11-02', 'Negotiate')];
    expect(counts(h, 'any_stage')).toEqual([0, 0, 1, 0, 0]);
    expect(counts(h, 'in_order')).toEqual([1, 1, 1, 0, 0]);
    expect(funnel(byOpp(h), { ...FUNNEL, mode: 'in_order' }).overall).toBe(0);
  });
});

describe('pipeline movement', () => {
  const M = { from: '2026-10-01', to: '2026-10-31', closeFrom: '2026-10-01', closeTo: '2026-12-31', scope: all };
  it('a hand-computed waterfall', () => {
    const h = [
      row(1, '2026-09-01', 'Qualify', 100_00), // in at start, value up to 150, still in: +50 up
      row(1, '2026-10-10', 'Qualify', 150_00),
      row(2, '2026-09-01', 'Viable', 200_00), // won at 220: +20 up, 220 won
      row(2, '2026-10-11', 'Win', 220_00),
      row(3, '2026-09-01', 'Viable', 300_00), // close date pushed to next year: 300 pushed out
      row(3, '2026-10-12', 'Viable', 300_00, { closeDate: '2027-02-01' }),
      row(4, '2026-10-13', 'Qualify', 40_00), // created
      row(5, '2026-09-01', 'Qualify', 60_00, { closeDate: '2027-03-01' }), // pulled in
      row(5, '2026-10-14', 'Qualify', 60_00),
      row(6, '2026-09-01', 'Present', 70_00), // lost at 70, value down 10 first
      row(6, '2026-10-15', 'Present', 60_00),
      row(6, '2026-10-16', 'Lost', 60_00),
    ];
    const m = pipelineMovement(byOpp(h), M);
    expect(m.start).toMatchObject({ cents: 670_00, ids: [1, 2, 3, 6] });
    const got = Object.fromEntries(MOVEMENT_TERMS.map((t) => [t, [m.terms[t].cents, m.terms[t].ids]]));
    expect(got).toEqual({
      created: [40_00, [4]],
      pulled_in: [60_00, [5]],
      value_up: [70_00, [1, 2]],
      value_down: [10_00, [6]],
      pushed_out: [300_00, [3]],
      won: [220_00, [2]],
      lost: [60_00, [6]],
    });
    expect(m.end).toMatchObject({ cents: 250_00, ids: [1, 4, 5] });
    expect(reconciledEnd(m)).toBe(m.end.cents);
  });

  const arbRow = (opps: number) =>
    fc.record({
      oppId: fc.integer({ min: 1, max: opps }),
      day: fc.integer({ min: 0, max: 120 }).map((d) => new Date(Date.UTC(2026, 8, 1 + d)).toISOString().slice(0, 10)),
      stage: fc.constantFrom(...OPEN, 'Win', 'Lost'),
      cents: fc.integer({ min: 0, max: 10_000_000_00 }),
      closeDate: fc.integer({ min: 0, max: 200 }).map((d) => new Date(Date.UTC(2026, 8, 1 + d)).toISOString().slice(0, 10)),
      ownerId: fc.integer({ min: 1, max: 3 }),
    });
  it('the identity holds to the cent on random histories, filters and windows', () => {
    fc.assert(
      fc.property(fc.array(arbRow(12), { maxLength: 80 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (rows, start, len, filter) => {
        const h = rows.map((r, i) => ({ ...r, seq: i, role: ROLE[r.stage], fc: 'Pipeline', prob: 0.3 }));
        const day = (d: number) => new Date(Date.UTC(2026, 8, 1 + d)).toISOString().slice(0, 10);
        const input = { from: day(start), to: day(start + len), closeFrom: day(start), closeTo: day(start + 90), scope: filter ? { owners: new Set([1, 2]), stages: new Set(OPEN.slice(1)) } : all };
        const m = pipelineMovement(byOpp(h), input);
        expect(reconciledEnd(m)).toBe(m.end.cents);
        for (const t of MOVEMENT_TERMS) expect(m.terms[t].cents).toBeGreaterThanOrEqual(0);
        // a later change does not move a past report
        const later = [...h, ...h.map((r, i) => ({ ...r, day: day(200), seq: 1000 + i, cents: r.cents + 1, stage: 'Win', role: 'won' }))];
        expect(pipelineMovement(byOpp(later), input)).toEqual(m);
      }),
      { numRuns: 300 },
    );
  });
});

describe('forecast and win rate', () => {
  it('buckets open deals by close period and category, closed deals by the close day', () => {
    const h = [
      row(1, '2026-10-01', 'Viable', 100_00, { closeDate: '2026-11-20', fc: 'Commit', prob: 0.25 }),
      row(2, '2026-10-01', 'Viable', 200_00, { closeDate: '2026-12-05', fc: 'Pipeline', prob: 0.25 }),
      row(3, '2026-10-01', 'Viable', 300_00),
      row(3, '2026-11-03', 'Win', 300_00, { fc: 'Closed' }),
      row(4, '2026-10-01', 'Viable', 50_00),
      row(4, '2026-11-04', 'Lost', 50_00),
      row(1, '2026-12-01', 'Win', 100_00), // after as_of: not seen
    ];
    const f = forecast(byOpp(h), { period: 'month', from: '2026-11-01', to: '2026-12-31', asOf: '2026-11-30', categories: ['Pipeline', 'Commit', 'Closed'], scope: all });
    expect(f.map((p) => p.period)).toEqual(['2026-11', '2026-12']);
    expect(f[0].cells.map((c) => [c.category, c.open.cents, c.weightedCents])).toEqual([
      ['Pipeline', 0, 0],
      ['Commit', 100_00, 25_00],
      ['Closed', 0, 0],
    ]);
    expect(f[0].won).toMatchObject({ cents: 300_00, ids: [3] });
    expect(f[0].lost).toMatchObject({ cents: 50_00, ids: [4] });
    expect(f[1].cells[0].open).toMatchObject({ cents: 200_00, ids: [2] });
  });
  it('win rate, cycle and velocity', () => {
    const h = [
      row(1, '2026-09-01', 'Qualify', 100_00),
      row(1, '2026-10-11', 'Win', 100_00), // 40 days
      row(2, '2026-10-01', 'Qualify', 300_00),
      row(2, '2026-10-21', 'Win', 300_00), // 20 days
      row(3, '2026-10-01', 'Qualify', 50_00),
      row(3, '2026-10-05', 'Lost', 50_00),
      row(4, '2026-10-01', 'Qualify', 80_00), // open at the end
    ];
    const w = winRate(byOpp(h), { from: '2026-10-01', to: '2026-10-31', scope: all });
    expect(w.won.ids).toEqual([1, 2]);
    expect(w.lost.ids).toEqual([3]);
    expect(w.rate).toBeCloseTo(2 / 3);
    expect(w.rateByValue).toBeCloseTo(400 / 450);
    expect([w.cycleMedianDays, w.cycleP80Days]).toEqual([30, 40]);
    expect(w.averageWonCents).toBe(200_00);
    // 1 open × 2/3 × 200.00 ÷ 30 days = 4.44 a day
    expect(w.velocityCentsPerDay).toBe(444);
  });
});

describe('stage ageing', () => {
  it('days in the current stage against its SLA; a move back starts the count again', () => {
    const h = [
      row(1, '2026-10-01', 'Qualify'), // 30 days in Qualify at 10-31
      row(1, '2026-10-05', 'Qualify', 2000_00),
      row(2, '2026-10-01', 'Viable'),
      row(2, '2026-10-10', 'Present'),
      row(2, '2026-10-20', 'Viable'), // back: 11 days in Viable
      row(3, '2026-10-25', 'Viable', 500_00), // 6 days
      row(4, '2026-10-01', 'Qualify'),
      row(4, '2026-10-02', 'Lost'), // closed: not ageing
      row(5, '2026-11-01', 'Qualify'), // after the day
    ];
    const r = stageAgeing(byOpp(h), { stages: OPEN, sla: { Qualify: 14, Viable: 10 }, to: '2026-10-31', scope: all });
    expect(r.map((x) => [x.stage, x.open.ids, x.overSla.ids, x.medianDays, x.maxDays])).toEqual([
      ['Qualify', [1], [1], 30, 30],
      ['Viable', [2, 3], [2], 8.5, 11],
      ['Present', [], [], null, null],
      ['Negotiate', [], [], null, null],
    ]);
    expect(r[0].open.cents).toBe(2000_00);
  });
});

describe('reading only what the rules look at (history-reads.ts)', () => {
  // The statements of history-reads.ts, over days: "the row whose span covers the end of D" is the last row on or
  // before D; a close is a closed row after an open one (or a first row closed); an entry a row whose stage
  // differs from the one before it (or a first row).
  const sorted = <T>(m: Map<number, T>) => new Map([...m.entries()].sort((a, b) => a[0] - b[0]));
  const prevOf = (rows: HistoryRow[], r: HistoryRow) => rows[rows.indexOf(r) - 1];
  const at = (rows: HistoryRow[], d: string) => stateAt(rows, d);
  const isClose = (rows: HistoryRow[], r: HistoryRow) => r.role !== 'open' && (!prevOf(rows, r) || prevOf(rows, r).role === 'open');
  const lastClose = (rows: HistoryRow[], from: string, to: string) => rows.filter((r) => r.day >= from && r.day <= to && isClose(rows, r)).at(-1);
  const reduce = (h: Map<number, HistoryRow[]>, pick: (rows: HistoryRow[]) => (HistoryRow | null | undefined)[]) => {
    const out = new Map<number, HistoryRow[]>();
    for (const [id, rows] of h) {
      const keep = new Set(pick(rows).filter((r): r is HistoryRow => !!r));
      if (keep.size) out.set(id, rows.filter((r) => keep.has(r)));
    }
    return out;
  };
  const before = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86400_000).toISOString().slice(0, 10);
  const day = (d: number) => new Date(Date.UTC(2026, 8, 1 + d)).toISOString().slice(0, 10);
  const arb = fc.array(
    fc.record({
      oppId: fc.integer({ min: 1, max: 8 }),
      day: fc.integer({ min: 0, max: 150 }).map(day),
      stage: fc.constantFrom(...OPEN, 'Win', 'Lost'),
      cents: fc.integer({ min: 0, max: 1_000_000 }),
      closeDate: fc.integer({ min: 0, max: 200 }).map(day),
      ownerId: fc.integer({ min: 1, max: 2 }),
    }),
    { maxLength: 60 },
  );
  it('movement, forecast, win rate, stage ageing and funnel answer the same as over the whole history', () => {
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (raw, start, len, owner1) => {
        const h = sorted(byOpp(raw.map((r, i) => ({ ...r, seq: i, role: ROLE[r.stage], fc: 'Pipeline', prob: 0.5 }))));
        const scope = { owners: owner1 ? new Set([1]) : null, stages: null };
        const from = day(start);
        const to = day(start + len);
        const m = { from, to, closeFrom: from, closeTo: day(start + 90), scope };
        const due = (r: HistoryRow | null) => !!r && r.role === 'open' && r.closeDate >= m.closeFrom && r.closeDate <= m.closeTo;
        const mv = reduce(h, (rows) => (due(at(rows, before(from))) || due(at(rows, to)) ? [at(rows, before(from)), at(rows, to)] : []));
        expect(pipelineMovement(mv, m)).toEqual(pipelineMovement(h, m));

        const first = `${from.slice(0, 7)}-01`;
        const last = periodBounds(periodOf(day(start + len + 40), 'month')).end;
        const fo = { period: 'month' as const, from, to, asOf: to, categories: ['Pipeline'], scope };
        const fr = reduce(h, (rows) => {
          const e = at(rows, to);
          const open = e?.role === 'open' && e.closeDate >= first && e.closeDate <= last ? e : null;
          const c = lastClose(rows, first, to);
          return [open, ...(c ? [c, e] : [])];
        });
        expect(forecast(fr, { ...fo, to: last })).toEqual(forecast(h, { ...fo, to: last }));

        const wr = reduce(h, (rows) => {
          const e = at(rows, to);
          if (e?.role === 'open') return [e];
          const c = lastClose(rows, from, to);
          // the first row when the close is a win (the cycle's start), whatever came after it
          return c ? [c, e, c.role === 'won' ? rows[0] : null] : [];
        });
        // the open row before the close: a row of its stage and role at the close's time, before the close
        for (const [id, rows] of wr) {
          const all = h.get(id)!;
          const c = lastClose(all, from, to);
          const p = c && prevOf(all, c);
          if (c && p && rows.includes(c)) rows.splice(rows.indexOf(c), 0, { ...c, stage: p.stage, role: p.role });
        }
        // an open record's row at its `stage_since` (when the row that began its current stage is an earlier one):
        // that day and stage, the open row's other fields
        for (const [id, rows] of wr) {
          const e = rows[0];
          if (rows.length > 1 || e.role !== 'open') continue;
          const all = h.get(id)!;
          const start = all.filter((r) => all.indexOf(r) <= all.indexOf(e) && prevOf(all, r)?.stage !== r.stage).at(-1)!;
          if (start !== e) wr.set(id, [{ ...e, day: start.day }, e]);
        }
        const w = { from, to, scope };
        expect(winRate(wr, w)).toEqual(winRate(h, w));
        const ag = { stages: OPEN, sla: { Qualify: 5 }, to, scope };
        expect(stageAgeing(wr, ag)).toEqual(stageAgeing(h, ag));

        const entries = new Map<number, FunnelEntries>();
        for (const [id, rows] of h) {
          const entered = rows.filter((r) => r.day >= from && r.day <= to && prevOf(rows, r)?.stage !== r.stage).map((r) => r.stage);
          const end = at(rows, to);
          // as the read returns them: the funnel's stages entered, once each, in no particular order; the owner and value at the end
          const set = [...new Set(entered)].filter((st) => FUNNEL.stages.includes(st)).reverse();
          if (set.length && end) entries.set(id, { entered: set, end: { ownerId: end.ownerId, cents: end.cents } });
        }
        for (const mode of ['in_order', 'any_stage'] as const) {
          const f = { ...FUNNEL, from, to, mode, scope };
          expect(funnelOf(entries, f)).toEqual(funnel(h, f));
        }
      }),
      {
        numRuns: 400,
        // won and lost on one day after an open day: the close that counts is the win, whose cycle starts at the first row
        examples: [
          [
            [
              { oppId: 7, day: '2026-09-02', stage: 'Win', cents: 0, closeDate: '2026-09-01', ownerId: 1 },
              { oppId: 7, day: '2026-09-02', stage: 'Lost', cents: 0, closeDate: '2026-09-01', ownerId: 1 },
              { oppId: 7, day: '2026-09-01', stage: 'Qualify', cents: 0, closeDate: '2026-09-01', ownerId: 1 },
            ],
            0,
            1,
            false,
          ],
        ],
      },
    );
  });
});
