import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../../platform/common/errors';
import { APP_CONFIG, AppConfig } from '../../../platform/config/app-config';
import type { JsonMap } from '../../../platform/database/tenant-entity';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { eventKinds, type EventKind } from '../../../platform/outbox/event-kinds';
import type { UserContext } from '../../identity/auth-context';
import { absoluteUrl, linkBase } from '../../workspace/link-base';
import { AccessService } from '../shared/access.service';
import {
  clampJournalLimit,
  decodeCursor,
  encodeCursor,
  JournalKind,
  journalKinds,
  journalModuleOf,
  JournalPosition,
  laterOf,
  requestedKinds,
  watermarkPosition,
} from './journal.rules';

export interface JournalQuery {
  after?: string;
  limit?: number;
  /** Comma-separated event kinds. */
  event?: string;
}

/** One event as the journal serves it: the webhook body's content (spec 6.2) with its id and cursor. */
export interface JournalEvent {
  id: number;
  cursor: string;
  event: JournalKind;
  title: string;
  text: string;
  /** Absolute record URL, as in the webhook body. */
  url: string;
  data: JsonMap;
  occurredAt: Date;
}

export interface JournalPage {
  events: JournalEvent[];
  /** Where the next read starts: never null, a reader keeps polling with it. */
  nextCursor: string;
}

interface Row {
  xmin: string;
  id: number | null;
  txid: string;
  event: JournalKind;
  title: string;
  text: string;
  url: string;
  data: JsonMap;
  occurred_at: Date;
}

/**
 * Who may see an event (non-admins): the record it is about must be one the caller sees now, by the rule
 * of AccessService (owner is the caller or in the caller's team; tickets and tasks also by their
 * assignee). Each event kind declares its record's type and table (`EventKind.record`); a kind without one, and a
 * record that no longer exists, show to admins only. $2 = the visible owner ids, null for an admin (who sees every
 * event).
 */
function visibleSql(kinds: readonly EventKind[]): string {
  const records = new Map<string, NonNullable<EventKind['record']>>();
  for (const { name, record } of kinds) {
    if (!record) continue;
    const known = records.get(record.type);
    if (known && (known.table !== record.table || !known.assigneeSees !== !record.assigneeSees)) throw new Error(`event kind ${name} declares record ${record.type} otherwise than another kind`);
    records.set(record.type, record);
  }
  const when = [...records.values()].map(
    (r) =>
      `WHEN '${r.type}' THEN EXISTS (SELECT 1 FROM ${r.table} r WHERE r.workspace_id = e.workspace_id AND r.id = e.record_id ` +
      `AND (r.owner_id = ANY($2::int[])${r.assigneeSees ? ' OR r.assignee_id = ANY($2::int[])' : ''}))`,
  );
  return `AND ($2::int[] IS NULL OR CASE e.record_type\n       ${when.join('\n       ')}\n       ELSE false END)`;
}

/**
 * One statement, so the watermark and the rows come from the same snapshot: `xmin` is the oldest
 * transaction still in flight; every transaction below it has ended, and those that committed are
 * visible to this snapshot. Rows are read in (txid, id) order strictly below the watermark, after the
 * cursor's position: a transaction that commits later has a txid at or above the watermark, so it can
 * never land behind a position already handed out (docs/decisions/webhooks-and-events.md). The index
 * (workspace_id, txid, id) serves the range; events past retention are filtered here too, so the cut is
 * exact whenever housekeeping last ran.
 */
const pageSql = (visible: string) => `
  WITH w AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin)
  SELECT w.xmin::text AS xmin, e.id, e.txid::text AS txid, e.event, e.title, e.text, e.url, e.data, e.occurred_at
    FROM w LEFT JOIN LATERAL (
      SELECT e.id, e.txid, e.event, e.title, e.text, e.url, e.data, e.occurred_at
        FROM outbox_events e
       WHERE e.workspace_id = $1
         AND (e.txid, e.id) > ($3::bigint, $4::int)
         AND e.txid < w.xmin
         AND e.event = ANY($5::varchar[])
         AND e.occurred_at >= now() - make_interval(days => $6::int)
         ${visible}
       ORDER BY e.txid, e.id
       LIMIT $7) e ON true
   ORDER BY e.txid, e.id`;

let builtPageSql: string | undefined;
/** The page's statement, built at its first use, once the features have registered their event kinds. */
const PAGE_SQL = (): string => (builtPageSql ??= pageSql(visibleSql(eventKinds())));

/**
 * The event journal: the events of the outbox (spec 6.1, the webhook bodies' content) in an
 * order a reader can follow with cursors without skipping or repeating one, under the caller's
 * visibility and modules, for EVENT_RETENTION_DAYS. Sample-data events and suppressed bursts never reach
 * the outbox (UnitOfWork), so they are not here either.
 */
@Injectable()
export class EventJournalService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(auth: UserContext, q: JournalQuery): Promise<JournalPage> {
    const after: JournalPosition = q.after !== undefined ? decodeCursor(q.after) : { txid: '0', id: 0 };
    const limit = clampJournalLimit(q.limit);
    const { kinds, explicit } = requestedKinds(q.event, auth.modules);
    if (explicit) {
      const lacking = (q.event ?? '').split(',').map((s) => s.trim() as JournalKind).filter((k) => !auth.modules.includes(journalModuleOf(k)));
      if (lacking.length) throw new DomainError('module', `${lacking[0]} events need the ${journalModuleOf(lacking[0]!)} module, which is off in the licence or for this user`);
    } else if (!kinds.length) {
      throw new DomainError('module', `events need one of the modules ${[...new Set(journalKinds().map(journalModuleOf))].join(', ')}`);
    }
    const visible = await this.access.visibleOwnerIds(auth);
    const rows = await this.uow
      .tenant(auth.workspace.id)
      .sql<Row>(PAGE_SQL(), [visible, after.txid, after.id, kinds, this.config.eventRetentionDays, limit]);
    const base = linkBase(this.config, auth.workspace.slug);
    const events: JournalEvent[] = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        cursor: encodeCursor({ txid: r.txid, id: r.id! }),
        event: r.event,
        title: r.title,
        text: r.text,
        url: absoluteUrl(base, r.url),
        data: r.data ?? {},
        occurredAt: r.occurred_at,
      }));
    // a full page: the next read starts after its last event; otherwise everything below the watermark has been read
    const last = rows[rows.length - 1];
    const next = events.length === limit ? { txid: last!.txid, id: last!.id! } : laterOf(after, watermarkPosition(rows[0]!.xmin));
    return { events, nextCursor: encodeCursor(next) };
  }
}
