import { invalid } from '../../../platform/common/errors';
import { eventKind, eventKinds, type EventName } from '../../../platform/outbox/event-kinds';

/**
 * The journal lists every kind a feature registered (platform/outbox/event-kinds.ts), in their order, each to
 * readers who have its module; `test` deliveries are no registered kind, so never in the journal.
 */
export type JournalKind = Exclude<EventName, 'test'>;
export const journalKinds = (): JournalKind[] => eventKinds().map((k) => k.name as JournalKind);
/** The module a reader of this kind needs ('' for a name no feature registered). */
export const journalModuleOf = (kind: string): string => eventKind(kind)?.module ?? '';

export const JOURNAL_DEFAULT_LIMIT = 100;
export const JOURNAL_MAX_LIMIT = 500;

/**
 * A position in the journal: after the event written by transaction `txid` with id `id`. Events are read
 * in (txid, id) order; a cursor may also name the watermark (`id` = INT_MAX: everything of the
 * transactions up to `txid` has been read).
 */
export interface JournalPosition {
  /** A transaction id (xid8 as a decimal string; 64 bits do not fit a JavaScript number for ever). */
  txid: string;
  id: number;
}

const INT_MAX = 2_147_483_647;
const CURSOR_PREFIX = 'j1';
const TXID = /^(0|[1-9]\d{0,18})$/;
const BAD_CURSOR = 'not a cursor of the event journal (use a next_cursor or an event cursor as returned)';

/** The opaque cursor of a position: base64url of `["j1", txid, id]`. */
export function encodeCursor(p: JournalPosition): string {
  return Buffer.from(JSON.stringify([CURSOR_PREFIX, p.txid, p.id]), 'utf8').toString('base64url');
}

/** The position a cursor names; anything else is 400 `invalid` naming `after`. */
export function decodeCursor(cursor: string): JournalPosition {
  try {
    if (/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) {
      const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
      if (Array.isArray(v) && v.length === 3 && v[0] === CURSOR_PREFIX && typeof v[1] === 'string' && TXID.test(v[1]) && BigInt(v[1]) < 2n ** 63n) {
        const id = v[2] as unknown;
        if (Number.isInteger(id) && (id as number) >= 0 && (id as number) <= INT_MAX) return { txid: v[1], id: id as number };
      }
    }
  } catch {
    /* fall through */
  }
  throw invalid('after', BAD_CURSOR);
}

/** The later of two positions. */
export function laterOf(a: JournalPosition, b: JournalPosition): JournalPosition {
  const ta = BigInt(a.txid);
  const tb = BigInt(b.txid);
  if (ta !== tb) return ta > tb ? a : b;
  return a.id >= b.id ? a : b;
}

/**
 * The position that says "every transaction below `xmin` has been read": what a page that was not full
 * hands back, so the next read starts at the watermark instead of re-scanning what it filtered out.
 */
export function watermarkPosition(xmin: string): JournalPosition {
  const x = BigInt(xmin);
  return { txid: (x > 0n ? x - 1n : 0n).toString(), id: INT_MAX };
}

/**
 * The kinds to list: `event=` (comma-separated kinds, each a journal kind, else 400 naming `event`) or all,
 * kept to those whose module the caller has. Returns the kinds and whether the caller asked for some.
 */
export function requestedKinds(raw: string | undefined, modules: readonly string[]): { kinds: JournalKind[]; explicit: boolean } {
  const all = journalKinds();
  const allowed = (k: JournalKind) => modules.includes(journalModuleOf(k));
  if (raw === undefined || raw.trim() === '') return { kinds: all.filter(allowed), explicit: false };
  const asked = [...new Set(raw.split(',').map((s) => s.trim()))];
  const unknown = asked.filter((k) => !(all as string[]).includes(k));
  if (unknown.length) throw invalid('event', `unknown event kind ${unknown.slice(0, 3).map((k) => JSON.stringify(k.slice(0, 40))).join(', ')} (kinds: ${all.join(', ')})`);
  return { kinds: (asked as JournalKind[]).filter(allowed), explicit: true };
}

export function clampJournalLimit(limit: number | undefined): number {
  return Math.min(Math.max(limit ?? JOURNAL_DEFAULT_LIMIT, 1), JOURNAL_MAX_LIMIT);
}
