import type { TenantDb } from '../../../platform/database/tenant-db';
import type { WorkspaceConstants } from '../../workspace/workspace.entity';
import type { Opportunity } from './opportunity.entity';
import { BANT_FIELD, stepsOf } from './opportunities.rules';
import { Step } from './step.entity';

/**
 * The checklist of an opportunity (spec 2.7, 3.3): the steps of `constants.stage_steps`, created once
 * per stage entered; BANT steps follow the opportunity's BANT flags both ways.
 */

type BantFlags = Record<'b' | 'a' | 'n' | 't', boolean>;

export const bantFlags = (o: Opportunity): BantFlags => ({ b: o.bantB, a: o.bantA, n: o.bantN, t: o.bantT });

/** Creates the stage's checklist once (re-entering a stage keeps its steps). */
export async function ensureSteps(db: TenantDb, c: Pick<WorkspaceConstants, 'stage_steps'>, o: Opportunity, stage: string): Promise<void> {
  const templates = stepsOf(c, stage);
  if (!templates.length) return;
  if (await db.exists(Step, { oppId: o.id, stage })) return;
  await db.insert(
    Step,
    templates.map((t, position) => {
      const done = t.bant ? o[BANT_FIELD[t.bant]] : false;
      return { oppId: o.id, stage, title: t.title, position, auto: !!t.bant, bantKey: t.bant ?? null, done, doneAt: done ? new Date() : null };
    }),
  );
}

/** After a change of BANT flags: ticks or clears the BANT steps whose flag changed. */
export async function syncBantSteps(db: TenantDb, o: Opportunity, before: BantFlags): Promise<void> {
  const now = bantFlags(o);
  for (const k of ['b', 'a', 'n', 't'] as const) {
    if (now[k] !== before[k]) await db.update(Step, { oppId: o.id, bantKey: k }, { done: now[k], doneAt: now[k] ? new Date() : null });
  }
}

/** A toggled step: sets done (or flips it) and the note; a BANT step sets the opportunity's flag. */
export function applyToggle(s: Step, o: Opportunity, input: { done?: boolean; note?: string }, now = new Date()): void {
  s.done = input.done ?? !s.done;
  s.doneAt = s.done ? now : null;
  if (input.note !== undefined) s.note = input.note;
  if (s.bantKey && s.bantKey in BANT_FIELD) o[BANT_FIELD[s.bantKey as 'b' | 'a' | 'n' | 't']] = s.done;
}
