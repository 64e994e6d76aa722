/** The engine's limits and turns (docs/decisions/workflows.md): round robin, retries, depth, storm guard. */

/** Round robin: the next user after the last one given (the list's first when none or no longer listed). */
export function nextInTurn(ids: number[], last: number | null): number {
  const i = last === null ? -1 : ids.indexOf(last);
  return ids[(i + 1) % ids.length]!;
}

/** Retries for an action whose target is unreachable: 1, 5, 30 minutes, then the step fails. */
export const RETRY_MINUTES = [1, 5, 30] as const;
export const retryDelayMinutes = (attempt: number): number | null => RETRY_MINUTES[attempt] ?? null;

/** Depth: a change made by a run at depth d raises events that start runs at d + 1; beyond this nothing starts. */
export const MAX_DEPTH = 3;
/** Storm guard: a rule that starts more runs than this in one minute is disabled, with the reason on it. */
export const STORM_PER_MINUTE = 60;

/**
 * Whether an event starts a run of a rule given where the event came from: never the rule's own change
 * (a rule does not trigger itself), never beyond the depth limit.
 */
export function originAllows(ruleId: number, origin: { workflow_id?: number; depth?: number } | null): { ok: true; depth: number } | { ok: false; reason: string } {
  if (!origin) return { ok: true, depth: 1 };
  if (origin.workflow_id === ruleId) return { ok: false, reason: 'self' };
  const depth = (origin.depth ?? 0) + 1;
  if (depth > MAX_DEPTH) return { ok: false, reason: 'depth' };
  return { ok: true, depth };
}
