import { accuracyOf } from '../../../src/domain/crm/reports/forecast-accuracy';
import type { HistoryRow } from '../../../src/domain/crm/reports/report.types';
import { addMonths, snapshotCells } from '../../../src/domain/crm/reports/snapshot.rules';

/** The pure parts of the weekly snapshots and of accuracy (docs/decisions/reports.md, "Weekly snapshots and accuracy"). */
const row = (oppId: number, day: string, r: Partial<HistoryRow>): HistoryRow => ({
  oppId, day, seq: 0, stage: 'S1', role: 'open', cents: 100_00, closeDate: '2026-10-20', ownerId: 1, fc: 'Pipeline', prob: 0.5, ...r,
});
const history = (rows: HistoryRow[]) => {
  const m = new Map<number, HistoryRow[]>();
  rows.forEach((r, i) => m.set(r.oppId, [...(m.get(r.oppId) ?? []), { ...r, seq: i }]));
  return m;
};
const range = { asOf: '2026-10-12', firstMonth: '2026-10', lastMonth: '2027-03' };

describe('snapshotCells', () => {
  it('open deals by the month due, owner and category then; wins by the month of the win; lost and out-of-range left out', () => {
    const cells = snapshotCells(
      history([
        row(1, '2026-10-01', {}),
        row(1, '2026-10-13', { closeDate: '2026-12-01' }), // after the snapshot's day: not seen
        row(2, '2026-10-01', { ownerId: 2, fc: 'Commit', prob: 0.8, cents: 300_00 }),
        row(3, '2026-09-01', {}),
        row(3, '2026-10-09', { role: 'won', stage: 'Won', fc: 'Closed', cents: 250_00 }),
        row(4, '2026-09-01', {}),
        row(4, '2026-10-02', { role: 'lost', stage: 'Lost' }),
        row(5, '2026-09-01', { closeDate: '2027-04-01' }), // due after the range
        row(6, '2026-09-01', { role: 'won', stage: 'Won', fc: 'Closed' }), // won in September: before the range
      ]),
      range,
    );
    expect(cells.sort((a, b) => a.ownerId - b.ownerId || a.category.localeCompare(b.category))).toEqual([
      { month: '2026-10', ownerId: 1, category: 'Closed', openCount: 0, openCents: 0, weightedCents: 0, wonCount: 1, wonCents: 250_00 },
      { month: '2026-10', ownerId: 1, category: 'Pipeline', openCount: 1, openCents: 100_00, weightedCents: 50_00, wonCount: 0, wonCents: 0 },
      { month: '2026-10', ownerId: 2, category: 'Commit', openCount: 1, openCents: 300_00, weightedCents: 240_00, wonCount: 0, wonCents: 0 },
    ]);
  });

  it('months add across years', () => {
    expect([addMonths('2026-10', 5), addMonths('2026-12', 1), addMonths('2026-01', 0)]).toEqual(['2027-03', '2027-01', '2026-01']);
  });
});

describe('accuracyOf', () => {
  it('1 − |forecast − actual| ÷ actual, never below 0, null without a win', () => {
    expect([accuracyOf(800_00, 1000_00), accuracyOf(1200_00, 1000_00), accuracyOf(1000_00, 1000_00), accuracyOf(3000_00, 1000_00), accuracyOf(500, 0)]).toEqual([0.8, 0.8, 1, 0, null]);
  });
});
