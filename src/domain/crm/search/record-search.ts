import { Injectable } from '@nestjs/common';
import type { UserContext } from '../../identity/auth-context';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { MODULES } from '../../workspace/defaults';
import { Activity } from '../activities/activity.entity';
import { Order } from '../orders/order.entity';
import { AccessService } from '../shared/access.service';
import { Page, paginate } from '../shared/paging';
import { foldedMatch, foldedPattern } from '../shared/search';
import { Task } from '../tasks/task.entity';

/** A record a search hit belongs to (a task's or visit's company or opportunity), named only when the caller may see it. */
export interface SearchParent {
  kind: 'company' | 'opportunity';
  id: number;
  name: string;
}

/** The record a record key names (C-12, P-7, O-42, L-3, A-9), when the caller may see it. */
export interface KeyedRecord {
  kind: 'company' | 'person' | 'opportunity' | 'lead' | 'activity';
  id: number;
  name: string;
}

/** Each key letter: its kind, table, the column that names the record and the module it needs. */
const KEYS: Record<string, { kind: KeyedRecord['kind']; table: string; name: string; module: string }> = {
  C: { kind: 'company', table: 'companies', name: 'name', module: MODULES.customers },
  P: { kind: 'person', table: 'people', name: 'name', module: MODULES.customers },
  O: { kind: 'opportunity', table: 'opportunities', name: 'name', module: MODULES.opportunities },
  L: { kind: 'lead', table: 'leads', name: `coalesce(nullif(company, ''), contact_name)`, module: MODULES.leads },
  A: { kind: 'activity', table: 'activities', name: 'topic', module: MODULES.activities },
};
const KEY = /^([a-z])\s*-\s*(\d{1,9})$/i;

/**
 * The global search's matches beyond names (docs/decisions/search.md, "The global search is a domain feature over the lists"): a record key, the
 * text of tasks and visits, and orders' customer PO numbers. Each with the visibility of its own list (a
 * task: its assignee's or owner's team; a visit and an order: its owner's), newest first through
 * `applySearch` (the newest rows, then the trigram index of the folded column: tasks' and activities' `text_fold`,
 * orders' `po_fold`, migration FoldedSearch), so a page stays O(page).
 */
@Injectable()
export class RecordSearch {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
  ) {}

  /** The record `q` is the key of, if it is one the caller may see (an archived company or person too: the key names it). */
  async byKey(auth: UserContext, q: string): Promise<KeyedRecord | null> {
    const m = KEY.exec(q.trim());
    const key = m && KEYS[m[1]!.toUpperCase()];
    if (!key || !auth.modules.includes(key.module)) return null;
    const [row] = await this.uow.tenant(auth.workspace.id).sql<{ id: number; name: string; owner_id: number }>(
      `SELECT id, ${key.name} AS name, owner_id FROM ${key.table} WHERE workspace_id = $1 AND id = $2`,
      [Number(m[2])],
    );
    if (!row || !this.access.canSee(await this.access.visibleOwnerIds(auth), row.owner_id)) return null;
    return { kind: key.kind, id: row.id, name: row.name };
  }

  /** Tasks whose title or description contains `q` (folded). */
  async tasks(auth: UserContext, q: string, limit: number): Promise<Page<Task>> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Task, 't');
    if (visible) qb.andWhere('(t.assignee_id IN (:...visible) OR t.owner_id IN (:...visible))', { visible });
    qb.andWhere(foldedMatch('t.text_fold'), { q: foldedPattern(q) });
    return paginate(qb, 't', { q, limit }, auth.workspace.timezone, null, { table: 'tasks', workspaceId: auth.workspace.id });
  }

  /** Visits and other activities whose topic, note, next step or outcome contains `q` (folded). */
  async activities(auth: UserContext, q: string, limit: number): Promise<Page<Activity>> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Activity, 'a');
    if (visible) qb.andWhere('a.owner_id IN (:...visible)', { visible });
    qb.andWhere(foldedMatch('a.text_fold'), { q: foldedPattern(q) });
    return paginate(qb, 'a', { q, limit }, auth.workspace.timezone, null, { table: 'activities', workspaceId: auth.workspace.id });
  }

  /** Orders whose customer PO number contains `q` (folded). */
  async orders(auth: UserContext, q: string, limit: number): Promise<Page<Order>> {
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(Order, 'o');
    if (visible) qb.andWhere('o.owner_id IN (:...visible)', { visible });
    qb.andWhere(foldedMatch('o.po_fold'), { q: foldedPattern(q) });
    return paginate(qb, 'o', { q, limit }, auth.workspace.timezone, null, { table: 'orders', workspaceId: auth.workspace.id });
  }

  /**
   * The names of the companies and opportunities the hits belong to, by key (one query each, at most the
   * page's ids); a parent the caller may not see is left out, so its name never shows.
   */
  async parents(auth: UserContext, companyIds: number[], oppIds: number[]): Promise<{ companies: Map<number, string>; opportunities: Map<number, string> }> {
    const visible = await this.access.visibleOwnerIds(auth);
    const db = this.uow.tenant(auth.workspace.id);
    const names = async (table: string, ids: number[]) => {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map<number, string>();
      const rows = await db.sql<{ id: number; name: string; owner_id: number }>(`SELECT id, name, owner_id FROM ${table} WHERE workspace_id = $1 AND id = ANY($2::int[])`, [unique]);
      return new Map(rows.filter((r) => this.access.canSee(visible, r.owner_id)).map((r) => [r.id, r.name]));
    };
    return { companies: await names('companies', companyIds), opportunities: await names('opportunities', oppIds) };
  }
}
