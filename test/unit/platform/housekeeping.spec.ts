import { TableStats, vacuumNeed } from '../../../src/platform/database/embedded-vacuum';

const t = (s: Partial<TableStats>): TableStats => ({ schemaname: 'public', relname: 't', n_live_tup: 0, n_dead_tup: 0, n_mod_since_analyze: 0, n_ins_since_vacuum: 0, ...s });

describe('vacuumNeed (PostgreSQL autovacuum defaults)', () => {
  it('vacuums past 50 + 20% dead rows', () => {
    expect(vacuumNeed(t({ n_live_tup: 1000, n_dead_tup: 250 }))).toBeNull();
    expect(vacuumNeed(t({ n_live_tup: 1000, n_dead_tup: 251 }))).toBe('vacuum');
    expect(vacuumNeed(t({ n_live_tup: 0, n_dead_tup: 51 }))).toBe('vacuum');
  });
  it('vacuums past 1000 + 20% inserted rows (the visibility map for index-only scans)', () => {
    expect(vacuumNeed(t({ n_live_tup: 10_000, n_ins_since_vacuum: 3000 }))).toBeNull();
    expect(vacuumNeed(t({ n_live_tup: 10_000, n_ins_since_vacuum: 3001 }))).toBe('vacuum');
  });
  it('analyzes past 50 + 10% changed rows', () => {
    expect(vacuumNeed(t({ n_live_tup: 1000, n_mod_since_analyze: 150 }))).toBeNull();
    expect(vacuumNeed(t({ n_live_tup: 1000, n_mod_since_analyze: 151 }))).toBe('analyze');
  });
  it('reads the counters pg returns as strings (bigint)', () => {
    expect(vacuumNeed(t({ n_live_tup: '1000' as unknown as number, n_dead_tup: '251' as unknown as number }))).toBe('vacuum');
  });
});
