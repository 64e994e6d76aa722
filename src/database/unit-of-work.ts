import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { requestContext } from '../common/request-context';
import { AuditLog } from '../events/audit-log.entity';
import { DomainEvent, MAX_EVENTS_PER_OPERATION } from '../events/domain-event';
import { OutboxEvent } from '../events/outbox-event.entity';

interface UowState {
  manager: EntityManager;
  events: DomainEvent[];
}

export interface AuditEntry {
  workspaceId: number;
  action: string;
  userId?: number | null;
  subject?: string;
  detail?: Record<string, unknown>;
}

/**
 * One transaction per operation (HTTP request, CLI command, MCP call, background job). Services call
 * `run()`; nested calls join the open transaction. Domain events recorded during the operation are
 * written to the outbox just before commit, in the same transaction. Everything inside a unit of work
 * must use `manager` (the embedded database has a single connection: a query beside the open
 * transaction would wait for it forever).
 */
@Injectable()
export class UnitOfWork {
  private readonly als = new AsyncLocalStorage<UowState>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.als.getStore()?.manager ?? this.dataSource.manager;
  }

  repo<T extends ObjectLiteral>(entity: EntityTarget<T>): Repository<T> {
    return this.manager.getRepository(entity);
  }

  get inTransaction(): boolean {
    return this.als.getStore() !== undefined;
  }

  async run<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.als.getStore();
    if (current) return fn(current.manager);
    return this.dataSource.transaction(async (manager) => {
      const state: UowState = { manager, events: [] };
      const result = await this.als.run(state, () => fn(manager));
      await this.flushEvents(state);
      return result;
    });
  }

  /** Record a domain event in the current unit of work. */
  recordEvent(event: DomainEvent): void {
    const state = this.als.getStore();
    if (!state) throw new Error(`event ${event.event} recorded outside a unit of work`);
    if (event.sample) return;
    state.events.push(event);
  }

  /** Write an audit-log row in the current unit of work (or its own, when none is open). */
  async audit(entry: AuditEntry): Promise<void> {
    await this.run((m) => m.insert(AuditLog, toAuditRow(entry)));
  }

  private async flushEvents(state: UowState): Promise<void> {
    const { events, manager } = state;
    if (events.length === 0) return;
    if (events.length > MAX_EVENTS_PER_OPERATION) {
      const byWorkspace = new Map<number, DomainEvent[]>();
      for (const e of events) byWorkspace.set(e.workspaceId, [...(byWorkspace.get(e.workspaceId) ?? []), e]);
      for (const [workspaceId, list] of byWorkspace) {
        const counts: Record<string, number> = {};
        for (const e of list) counts[e.event] = (counts[e.event] ?? 0) + 1;
        await manager.insert(
          AuditLog,
          toAuditRow({
            workspaceId,
            action: 'events_suppressed',
            subject: 'webhooks',
            detail: { reason: `more than ${MAX_EVENTS_PER_OPERATION} events in one operation`, total: events.length, counts },
          }),
        );
      }
      return;
    }
    await manager.insert(
      OutboxEvent,
      events.map((e) => ({
        workspaceId: e.workspaceId,
        event: e.event,
        title: e.title,
        text: e.text,
        url: e.url,
        data: e.data,
        recordType: e.recordType,
        recordId: e.recordId ?? null,
      })),
    );
  }
}

function toAuditRow(entry: AuditEntry): Partial<AuditLog> {
  return {
    workspaceId: entry.workspaceId,
    action: entry.action,
    userId: entry.userId ?? null,
    subject: entry.subject ?? '',
    detail: entry.detail ?? {},
    requestId: requestContext.getStore()?.requestId ?? null,
  };
}
