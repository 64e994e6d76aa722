import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { DomainError, forbidden, invalid, notFound } from '../../platform/common/errors';
import type { SecretBox } from '../../platform/common/crypto';
import { UnitOfWork } from '../../platform/database/unit-of-work';
import { eventKind, eventKinds } from '../../platform/outbox/event-kinds';
import { checkFilterFields, parseEventFilter } from './event-filter';
import { CONNECTION_KINDS } from './webhook-connection.entity';
import { WebhookConnection } from './webhook-connection.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { hostProblem, parseWebhookUrl } from '../../platform/net/net-guard';
import type { NetworkPolicy } from '../../platform/net/network-policy';
import { USER_DESTINATIONS } from '../../platform/net/network-policies';
import { newSigningKey } from './signing';
import { checkRecordConfig, checkRecordEvents, checkRecordToken, isRecordKind, RECORD_FAMILY, RecordKind, recordApiBase } from './record-kinds';
import { render } from './chat-formats';
import { buildBody, testEvent } from './webhook-body';
import { DELIVERY_LOG_SIZE, WebhookWorker } from './webhook-worker';
import { isAdmin, UserContext } from '../identity/auth-context';
import { SECRET_BOX } from '../identity/secret-box.provider';

/** At most this many connections per workspace. */
export const MAX_CONNECTIONS = 50;

export interface ConnectionInput {
  url?: string;
  events?: string[];
  active?: boolean;
  kind?: string;
  /** A filter on the events' `data` (event-filter.ts), as sent; null removes it, undefined keeps it. */
  filter?: unknown;
  /** Record-creation kinds: the product's target (record-kinds.ts); undefined keeps it on update. */
  config?: unknown;
  /** Record-creation kinds: the product's token; undefined keeps it on update. */
  token?: unknown;
}

/** A connection and, on create and rotate only, its signing key in clear. */
export interface ConnectionWithKey {
  connection: WebhookConnection;
  signingKey: string | null;
}

/**
 * Webhook connections of a workspace (spec 6, Apps settings): admins only. URLs are checked at save
 * (https, and no loopback/private/link-local/metadata address unless PRIVATE_NETWORK_ALLOWLIST lists it)
 * and again at send time by the worker's agent. Test and resend queue a delivery; the worker sends it.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly worker: WebhookWorker,
    @Inject(SECRET_BOX) private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(USER_DESTINATIONS) private readonly network: NetworkPolicy,
  ) {}

  private admin(auth: UserContext): void {
    if (!isAdmin(auth)) throw forbidden('only admins manage webhook connections');
  }

  async list(auth: UserContext): Promise<WebhookConnection[]> {
    this.admin(auth);
    return this.uow.tenant(auth.workspace.id).find(WebhookConnection, { order: { id: 'ASC' }, take: MAX_CONNECTIONS });
  }

  async get(auth: UserContext, id: number): Promise<WebhookConnection> {
    this.admin(auth);
    const c = await this.uow.tenant(auth.workspace.id).byId(WebhookConnection, id);
    if (!c) throw notFound('webhook');
    return c;
  }

  async create(auth: UserContext, input: ConnectionInput): Promise<ConnectionWithKey> {
    this.admin(auth);
    const kind = input.kind ?? 'webhook';
    if (!(CONNECTION_KINDS as readonly string[]).includes(kind)) throw invalid('kind', `must be one of ${CONNECTION_KINDS.join(', ')}`);
    const events = this.checkEvents(input.events);
    const filter = checkFilter(input.filter, events);
    const record = isRecordKind(kind) ? this.checkRecord(kind, input.config, input.token, events) : null;
    const url = record ? record.url : await this.checkUrl(input.url);
    const key = newSigningKey();
    const db = this.uow.tenant(auth.workspace.id);
    const connection = await this.uow.run(async () => {
      await db.lock(LOCK_CONNECTIONS);
      if ((await db.count(WebhookConnection)) >= MAX_CONNECTIONS) throw new DomainError('conflict', `at most ${MAX_CONNECTIONS} webhook connections per workspace`);
      const c = db.create(WebhookConnection, {
        kind, url, events, filter, active: input.active ?? true, signingKey: this.box.seal(key), createdBy: auth.user.id,
        config: record?.config ?? null, token: record ? this.box.seal(record.token) : null,
      });
      return db.save(WebhookConnection, c);
    });
    // a record-creation connection signs nothing: no key to show (its token is never shown back)
    return { connection, signingKey: record ? null : key };
  }

  async update(auth: UserContext, id: number, input: ConnectionInput): Promise<WebhookConnection> {
    this.admin(auth);
    const events = input.events === undefined ? undefined : this.checkEvents(input.events);
    if (input.active === null) throw invalid('active', 'must be true or false');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      const c = await db.byId(WebhookConnection, id, true);
      if (!c) throw notFound('webhook');
      if (isRecordKind(c.kind)) this.updateRecord(c, c.kind, input, events);
      else {
        if (input.config !== undefined || input.token !== undefined) throw invalid(input.config !== undefined ? 'config' : 'token', `is only for record-creation connections, not ${c.kind}`);
        if (input.url !== undefined) c.url = await this.checkUrl(input.url);
      }
      if (events !== undefined) c.events = events;
      // the filter is checked against the events the connection will have (a new filter, or the kept one on new events)
      if (input.filter !== undefined) c.filter = checkFilter(input.filter, c.events);
      else if (events !== undefined) checkFilter(c.filter, c.events);
      if (input.active !== undefined) c.active = input.active;
      return db.save(WebhookConnection, c);
    });
  }

  async remove(auth: UserContext, id: number): Promise<void> {
    this.admin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      if (!(await db.delete(WebhookConnection, { id }))) throw notFound('webhook');
      await db.delete(WebhookDelivery, { connectionId: id });
    });
  }

  /** A new signing key; the old one stops signing at once. */
  async rotate(auth: UserContext, id: number): Promise<ConnectionWithKey> {
    this.admin(auth);
    const key = newSigningKey();
    const db = this.uow.tenant(auth.workspace.id);
    const connection = await this.uow.run(async () => {
      const c = await db.byId(WebhookConnection, id, true);
      if (!c) throw notFound('webhook');
      if (isRecordKind(c.kind)) throw invalid('kind', `a ${c.kind} connection signs nothing: change its token with PATCH instead`);
      c.signingKey = this.box.seal(key);
      return db.save(WebhookConnection, c);
    });
    return { connection, signingKey: key };
  }

  /** Queues a delivery of `event: "test"` to this connection (even when it is paused). */
  async test(auth: UserContext, id: number): Promise<WebhookDelivery> {
    this.admin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const ws = auth.workspace;
    const delivery = await this.uow.run(async () => {
      const c = await db.byId(WebhookConnection, id);
      if (!c) throw notFound('webhook');
      const ev = testEvent(ws.app.name);
      // a mailing connection's test subscribes the admin's own address (the one person who asked for it)
      if (isRecordKind(c.kind) && RECORD_FAMILY[c.kind] === 'mailing') ev.data = { email: auth.user.email, name: auth.user.fullName };
      const body = buildBody(ev, { id: ws.id, timezone: ws.timezone, company: ws.app.company, appName: ws.app.name, baseUrl: this.worker.baseUrl(ws.slug) }, new Date());
      return this.queue(auth, { connectionId: c.id, event: 'test', outboxId: null, messageId: `msg_${randomUUID()}`, resendOf: null, body: render(c.kind, body, c.url) });
    });
    this.worker.wake();
    return delivery;
  }

  /** The delivery log of a connection: the latest 200 attempts, newest first. */
  async deliveries(auth: UserContext, id: number): Promise<WebhookDelivery[]> {
    await this.get(auth, id);
    return this.uow.tenant(auth.workspace.id).find(WebhookDelivery, {
      where: { connectionId: id },
      order: { id: 'DESC' },
      take: DELIVERY_LOG_SIZE,
      // the bodies stay in the database: the log shows what happened, not what was sent
      select: { workspaceId: true, id: true, connectionId: true, event: true, outboxId: true, messageId: true, resendOf: true, replay: true, status: true, ok: true, httpStatus: true, error: true, durationMs: true, response: true, createdAt: true, finishedAt: true },
    });
  }

  /** Sends one delivery again: the same body (and webhook-id), a new signature and timestamp. */
  async resend(auth: UserContext, id: number, deliveryId: number): Promise<WebhookDelivery> {
    this.admin(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const delivery = await this.uow.run(async () => {
      const c = await db.byId(WebhookConnection, id);
      if (!c) throw notFound('webhook');
      const d = await db.findOne(WebhookDelivery, { where: { id: deliveryId, connectionId: id } });
      if (!d) throw notFound('delivery');
      return this.queue(auth, { connectionId: id, event: d.event, outboxId: d.outboxId, messageId: d.messageId, resendOf: d.id, body: d.body });
    });
    this.worker.wake();
    return delivery;
  }

  private async queue(auth: UserContext, row: Pick<WebhookDelivery, 'connectionId' | 'event' | 'outboxId' | 'messageId' | 'resendOf' | 'body'>): Promise<WebhookDelivery> {
    const db = this.uow.tenant(auth.workspace.id);
    return db.save(WebhookDelivery, db.create(WebhookDelivery, { ...row, status: 'pending', response: '' }));
  }

  /** A record-creation connection's settings as sent: config, token and events checked (400 naming the part). */
  private checkRecord(kind: RecordKind, rawConfig: unknown, rawToken: unknown, events: string[]) {
    checkRecordEvents(kind, events);
    const config = checkRecordConfig(kind, rawConfig);
    const token = checkRecordToken(kind, rawToken);
    return { config, token, url: this.recordUrl(kind, config, token) };
  }

  /** Applies an update of a record-creation connection: a new target or token, events the kind takes. */
  private updateRecord(c: WebhookConnection, kind: RecordKind, input: ConnectionInput, events: string[] | undefined): void {
    if (input.url !== undefined) throw invalid('url', `a ${kind} connection has no URL of its own: change its config`);
    if (events !== undefined) checkRecordEvents(kind, events);
    if (input.config === undefined && input.token === undefined) return;
    const config = input.config === undefined ? (c.config ?? {}) : checkRecordConfig(kind, input.config);
    const token = input.token === undefined ? this.box.open(c.token ?? '') : checkRecordToken(kind, input.token);
    c.config = config;
    if (input.token !== undefined) c.token = this.box.seal(token);
    c.url = this.recordUrl(kind, config, token);
  }

  /** What the connection shows as its URL: the product's API root it talks to (no secret in it). */
  private recordUrl(kind: RecordKind, config: Record<string, string>, token: string): string {
    return recordApiBase(kind, config, token, this.config.recordApiBases);
  }

  private async checkUrl(raw: string | undefined | null): Promise<string> {
    if (typeof raw !== 'string' || !raw.trim()) throw invalid('url', 'is required');
    const url = parseWebhookUrl(raw.trim(), this.network);
    if (!(url instanceof URL)) throw invalid('url', url.message);
    const problem = await hostProblem(url.hostname, this.network, url.protocol === 'http:');
    if (problem) throw invalid('url', `must not point to a loopback, private, link-local or metadata address (${problem})`);
    return url.toString();
  }

  private checkEvents(events: string[] | undefined | null): string[] {
    if (!Array.isArray(events) || events.length === 0) throw invalid('events', 'select at least one event');
    const unknown = events.filter((e) => !eventKind(e));
    if (unknown.length) throw invalid('events', `unknown event ${unknown[0]}; one of ${eventKinds().map((k) => k.name).join(', ')}`);
    return [...new Set(events)];
  }
}

/** A filter as sent, checked for shape and for fields the subscribed kinds carry (400 `invalid` naming the part). */
function checkFilter(raw: unknown, events: readonly string[]) {
  const filter = parseEventFilter(raw);
  checkFilterFields(filter, events, (e) => eventKind(e)?.dataFields ?? []);
  return filter;
}

/** Advisory-lock namespace serializing the connection count check of a workspace. */
const LOCK_CONNECTIONS = 0x5745_4248;
