import { invalid } from '../../platform/common/errors';
import { localToDate } from '../../platform/common/local-time';
import { formatTimestamp, parseClientTimestamp } from '../../platform/common/time';

/** The most events one replay queues; a wider window is refused (400 naming `since`). */
export const REPLAY_MAX_EVENTS = 1000;

export interface ReplayWindow {
  since: Date;
  until: Date;
}

const TS_HINT = 'YYYY-MM-DDTHH:mm[:ss] in the workspace time zone, or with Z or an offset ±hh:mm';

/** A client timestamp (workspace local time unless it carries an offset) as an instant; null when malformed. */
export function instantOf(raw: unknown, tz: string): Date | null {
  const p = parseClientTimestamp(raw);
  if (!p) return null;
  if (p.offsetMinutes === null) return new Date(localToDate(p.wall, tz).getTime() + p.ms);
  return new Date(Date.parse(`${p.wall}Z`) + p.ms - p.offsetMinutes * 60_000);
}

/**
 * The window of a replay: `since` (required) up to `until` (default now), both within what the journal
 * keeps (EVENT_RETENTION_DAYS): a `since` older than that is refused rather than silently cut, since the
 * events before it are gone. Throws 400 `invalid` naming the field.
 */
export function replayWindow(input: { since?: unknown; until?: unknown }, tz: string, now: Date, retentionDays: number): ReplayWindow {
  if (input.since === undefined || input.since === null || input.since === '') throw invalid('since', `is required (${TS_HINT})`);
  const since = instantOf(input.since, tz);
  if (!since) throw invalid('since', `not a timestamp (${TS_HINT})`);
  let until = now;
  if (input.until !== undefined && input.until !== null && input.until !== '') {
    const u = instantOf(input.until, tz);
    if (!u) throw invalid('until', `not a timestamp (${TS_HINT})`);
    until = u;
  }
  const oldest = new Date(now.getTime() - retentionDays * 86_400_000);
  if (since < oldest) {
    throw invalid('since', `is older than the event journal keeps events (${retentionDays} days): choose ${formatTimestamp(oldest, tz)} or later`);
  }
  if (since > now) throw invalid('since', 'is in the future');
  if (until <= since) throw invalid('until', 'must be after since');
  return { since, until };
}
