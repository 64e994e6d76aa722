import type { TenantDb } from '../../../platform/database/tenant-db';
import type { Workspace } from '../../workspace/workspace.entity';
import { OppHistory } from './opp-history.entity';
import type { Opportunity } from './opportunity.entity';
import * as R from './opportunities.rules';

export type HistoryKind = 'created' | 'update' | 'stage' | 'revived';

/** The reported fields of an opportunity, as a history row holds them. */
export function reportedState(ws: Workspace, o: Opportunity) {
  const c = ws.constants;
  return {
    stage: o.stage,
    role: R.roleOf(c, o.stage),
    value: R.round2(o.value),
    currency: o.currency,
    valueBase: R.toBase(o.value, o.currency, ws.app.currency_base, ws.currencyRates ?? {}),
    closeDate: o.closeDate,
    ownerId: o.ownerId,
    fc: R.forecastCategory(c, o.stage, o.fc),
    prob: c.stage_prob[o.stage] ?? (R.roleOf(c, o.stage) === 'won' ? 1 : 0),
  };
}

/** Whether a change touched a field the reports sum (an edit of the note alone writes no history row). */
export function reportedChanged(a: ReturnType<typeof reportedState>, b: ReturnType<typeof reportedState>): boolean {
  return (Object.keys(a) as (keyof typeof a)[]).some((k) => a[k] !== b[k]);
}

/**
 * Appends the opportunity's state after a change, in the caller's unit of work (the same transaction as the
 * change), so every interface that goes through the opportunity commands records it.
 */
export async function appendHistory(db: TenantDb, ws: Workspace, o: Opportunity, kind: HistoryKind, userId: number | null, at = new Date()): Promise<void> {
  await db.insert(OppHistory, { oppId: o.id, at, kind, userId, ...reportedState(ws, o) });
}
