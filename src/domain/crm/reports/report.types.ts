import type { StageRole } from '../../workspace/workspace.entity';

/**
 * One history row as the report rules read it: the opportunity's reported state after a change, dated by the
 * workspace-local day of the change (`seq` orders the changes of one day). Money in integer cents of the base
 * currency, so sums hold to the cent.
 */
export interface HistoryRow {
  oppId: number;
  day: string;
  seq: number;
  stage: string;
  role: StageRole | string;
  cents: number;
  closeDate: string;
  ownerId: number;
  fc: string;
  prob: number;
}

/** What every report filters by (docs/decisions/reports.md): owners at the time, the stage set at the time. */
export interface ReportScope {
  /** Owner ids counted (owner at the evaluated moment); null = any owner. */
  owners: Set<number> | null;
  /** Stages counted (stage at the evaluated moment); null = any stage. */
  stages: Set<string> | null;
}

/** A sum with the opportunities behind it. */
export interface Figure {
  count: number;
  cents: number;
  ids: number[];
}

export const emptyFigure = (): Figure => ({ count: 0, cents: 0, ids: [] });

export function addTo(f: Figure, id: number, cents: number): void {
  f.count++;
  f.cents += cents;
  f.ids.push(id);
}

/** Base-currency value as the reports return it (numbers with two decimals). */
export const money = (cents: number): number => Math.round(cents) / 100;
export const toCents = (value: number): number => Math.round(value * 100);
