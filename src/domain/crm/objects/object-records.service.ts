import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { forbidden, invalid, invalidFields, notFound } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { MODULES } from '../../workspace/defaults';
import { AccessService } from '../shared/access.service';
import { Page, paginate, PageQuery } from '../shared/paging';
import { RefsService } from '../shared/refs.service';
import { searchPattern } from '../shared/search';
import { ObjectLink } from './object-link.entity';
import { ObjectRecord } from './object-record.entity';
import { applyFieldPatch, Problem, RelationDef } from './objects.rules';
import { ObjectType } from './object-type.entity';
import { ObjectTypesService } from './object-types.service';
import { ObjectViews, RecordView } from './object-views';

/**
 * Absent = unchanged. `owner_id` null = no owner. `fields` / `links` as in spec 4.7. `unlinks` (updates
 * only, beyond the spec) has the shape of `links` and removes those targets (docs/decisions/objects-approvals-forms.md).
 */
export interface ObjectRecordInput {
  name?: string;
  owner_id?: number | null;
  active?: boolean;
  fields?: Record<string, unknown>;
  links?: Record<string, unknown>;
  unlinks?: Record<string, unknown>;
}

export interface ObjectRecordListQuery extends PageQuery {
  q?: string;
  /** Default true; false lists archived records. */
  active?: boolean;
  ownerId?: number;
}

export interface ObjectRecordPage extends Page<RecordView> {
  type: ObjectType;
}

/** Custom records of one object that link to a company, person or opportunity through one relation. */
export interface LinkedRecords {
  /** The object's key and label. */
  key: string;
  label: string;
  /** The relation (of that object) the records link through. */
  relation: string;
  relationLabel: string;
  items: { id: number; name: string; active: boolean }[];
}

/** At most this many linked records per company, person or opportunity record (newest first). */
export const LINKED_RECORDS_MAX = 200;

export interface ObjectRecordCreateOptions {
  /** Sample data (demo seed). */
  isSample?: boolean;
}

/** Most targets one relation takes in one request. */
export const MAX_LINKS_PER_REQUEST = 100;

/**
 * Records of custom objects. Visibility is the CRM's (owner or team; admins all), plus records without
 * an owner, which everyone with the module sees and admins edit. Writes run in one unit of work with
 * the record locked; a relation target must exist in the workspace and be visible to the caller.
 */
@Injectable()
export class ObjectRecordsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly types: ObjectTypesService,
    private readonly access: AccessService,
    private readonly refs: RefsService,
    private readonly views: ObjectViews,
  ) {}

  async list(auth: UserContext, key: string, q: ObjectRecordListQuery): Promise<ObjectRecordPage> {
    const all = await this.types.list(auth);
    const type = all.find((t) => t.key === key);
    if (!type) throw notFound('object');
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = this.uow.tenant(auth.workspace.id).qb(ObjectRecord, 'r').andWhere('r.type_id = :typeId', { typeId: type.id });
    if (visible) qb.andWhere('(r.owner_id IS NULL OR r.owner_id IN (:...visible))', { visible });
    qb.andWhere('r.active = :active', { active: q.active ?? true });
    if (q.q?.trim()) qb.andWhere(`r.name ILIKE :q ESCAPE '\\'`, { q: searchPattern(q.q.trim()) });
    if (q.ownerId !== undefined) qb.andWhere('r.owner_id = :ownerId', { ownerId: q.ownerId });
    const page = await paginate(qb, 'r', q, auth.workspace.timezone);
    return { type, items: await this.views.of(auth, all, type, page.items), nextCursor: page.nextCursor };
  }

  /**
   * The custom records linking to a company, person or opportunity, for that record's page: the ones the
   * caller may see (owner rules of custom records), archived ones included and marked, grouped by object
   * and relation in definition order. One query over the links' target index. Empty without the module
   * of custom objects (Customers).
   */
  async linkedTo(auth: UserContext, kind: 'company' | 'person' | 'opportunity', id: number): Promise<LinkedRecords[]> {
    if (!auth.modules.includes(MODULES.customers)) return [];
    const visible = await this.access.visibleOwnerIds(auth);
    const rows = await this.uow.tenant(auth.workspace.id).sql<{ type_id: number; relation_key: string; id: number; name: string; active: boolean }>(
      `SELECT l.source_type_id AS type_id, l.relation_key, r.id, r.name, r.active
         FROM object_links l
         JOIN object_records r ON r.workspace_id = l.workspace_id AND r.id = l.source_id
        WHERE l.workspace_id = $1 AND l.target_kind = $2 AND l.target_id = $3
          AND ($4::int[] IS NULL OR r.owner_id IS NULL OR r.owner_id = ANY($4::int[]))
        ORDER BY r.active DESC, r.id DESC
        LIMIT $5`,
      [kind, id, visible, LINKED_RECORDS_MAX],
    );
    if (!rows.length) return [];
    const groups: LinkedRecords[] = [];
    for (const type of await this.types.list(auth)) {
      for (const rel of type.relations.filter((r) => r.kind === kind)) {
        const items = rows.filter((r) => r.type_id === type.id && r.relation_key === rel.key).map((r) => ({ id: r.id, name: r.name, active: r.active }));
        if (items.length) groups.push({ key: type.key, label: type.label, relation: rel.key, relationLabel: rel.label, items });
      }
    }
    return groups;
  }

  async get(auth: UserContext, key: string, id: number): Promise<RecordView> {
    const all = await this.types.list(auth);
    const type = all.find((t) => t.key === key);
    if (!type) throw notFound('object');
    const record = await this.findVisible(auth, type, id);
    return (await this.views.of(auth, all, type, [record]))[0]!;
  }

  async create(auth: UserContext, key: string, input: ObjectRecordInput, opts: ObjectRecordCreateOptions = {}): Promise<RecordView> {
    const db = this.uow.tenant(auth.workspace.id);
    const id = await this.uow.run(async () => {
      const all = await this.types.list(auth);
      const type = all.find((t) => t.key === key);
      if (!type) throw notFound('object');
      const name = (input.name ?? '').trim();
      if (!name) throw invalid('name', 'must not be empty');
      const ownerId = await this.ownerOf(auth, input.owner_id, auth.user.id);
      const problems: Problem[] = [];
      const data = await this.fieldData(auth, type, {}, input.fields, true, problems);
      const links = await this.linkPlan(auth, all, type, null, input.links, problems);
      if (problems.length) throw invalidFields(problems);
      const saved = await db.save(
        ObjectRecord,
        db.create(ObjectRecord, { typeId: type.id, name, ownerId, active: input.active ?? true, data, isSample: opts.isSample ?? false, createdBy: auth.user.id }),
      );
      await this.writeLinks(auth, type, saved.id, links);
      return saved.id;
    });
    return this.get(auth, key, id);
  }

  /** PATCH semantics of spec 4.7: only what is sent changes; empty values clear; `links` adds, `unlinks` removes. */
  async update(auth: UserContext, key: string, id: number, input: ObjectRecordInput): Promise<RecordView> {
    const db = this.uow.tenant(auth.workspace.id);
    await this.uow.run(async () => {
      const all = await this.types.list(auth);
      const type = all.find((t) => t.key === key);
      if (!type) throw notFound('object');
      const current = await this.findVisible(auth, type, id, true);
      this.assertCanEdit(auth, current);
      const patch: Partial<ObjectRecord> = {};
      if (input.name !== undefined) {
        patch.name = (input.name ?? '').trim();
        if (!patch.name) throw invalid('name', 'must not be empty');
      }
      if (input.owner_id !== undefined) patch.ownerId = await this.ownerOf(auth, input.owner_id, current.ownerId);
      if (input.active !== undefined) patch.active = input.active;
      const problems: Problem[] = [];
      if (input.fields !== undefined) patch.data = await this.fieldData(auth, type, current.data, input.fields, false, problems);
      const links = await this.linkPlan(auth, all, type, current.id, input.links, problems);
      const unlinks = await this.linkPlan(auth, all, type, current.id, input.unlinks, problems, 'unlinks');
      for (const u of unlinks) {
        const both = links.find((l) => l.rel.key === u.rel.key)?.ids.filter((x) => u.ids.includes(x)) ?? [];
        if (both.length) problems.push({ field: `unlinks.${u.rel.key}`, message: `id ${both.slice(0, 5).join(', ')} is also in links` });
      }
      if (problems.length) throw invalidFields(problems);
      const unlinked = await this.removeLinks(auth, id, unlinks);
      const linked = (await this.writeLinks(auth, type, id, links)) || unlinked;
      // a change of links is a change of the record (sync clients see it by updated_at)
      if (Object.keys(patch).length) await db.update(ObjectRecord, { id }, patch);
      else if (linked) await db.sql('UPDATE object_records SET updated_at = now() WHERE workspace_id = $1 AND id = $2', [id]);
    });
    return this.get(auth, key, id);
  }

  /** Archive (active = false); PATCH active: true restores it. */
  async archive(auth: UserContext, key: string, id: number): Promise<void> {
    await this.update(auth, key, id, { active: false });
  }

  // ---------------------------------------------------------------- helpers

  private async findVisible(auth: UserContext, type: ObjectType, id: number, lock = false): Promise<ObjectRecord> {
    const r = await this.uow.tenant(auth.workspace.id).byId(ObjectRecord, id, lock);
    if (!r || r.typeId !== type.id || !this.views.canSee(await this.access.visibleOwnerIds(auth), r.ownerId)) throw notFound('record');
    return r;
  }

  private assertCanEdit(auth: UserContext, r: ObjectRecord): void {
    if (!this.views.canEdit(auth, r.ownerId)) throw forbidden();
  }

  /** The owner a write stores: null only by an admin; another user only by an admin (RefsService.owner). */
  private async ownerOf(auth: UserContext, requested: number | null | undefined, current: number | null): Promise<number | null> {
    if (requested === undefined) return current;
    if (requested === null) {
      if (current !== null && !isAdmin(auth)) throw forbidden('only an admin may leave a record without an owner');
      return null;
    }
    return (await this.refs.owner(auth, requested, current ?? auth.user.id)).id;
  }

  /** Stored values after the patch, checking person fields against the workspace's active users. */
  private async fieldData(
    auth: UserContext,
    type: ObjectType,
    stored: Record<string, unknown>,
    patch: Record<string, unknown> | undefined,
    creating: boolean,
    problems: Problem[],
  ): Promise<Record<string, unknown>> {
    // values of fields no longer defined are not kept (they were removed with the field)
    const known = new Set(type.fields.map((f) => f.key));
    const base = Object.fromEntries(Object.entries(stored).filter(([k]) => known.has(k)));
    const ws = auth.workspace;
    const r = applyFieldPatch(type.fields, base, patch, { currencies: ws.app.currencies, baseCurrency: ws.app.currency_base }, creating);
    problems.push(...r.problems);
    if (r.personIds.size) {
      const ids = [...new Set(r.personIds.values())];
      const found = new Set((await this.uow.tenant(auth.workspace.id).find(User, { where: { id: In(ids), active: true } })).map((u) => u.id));
      for (const [key, uid] of r.personIds) if (!found.has(uid)) problems.push({ field: `fields.${key}`, message: `no active user with id ${uid}` });
    }
    return r.data;
  }

  /**
   * What `links` (or `unlinks`) asks for, checked: per relation the target ids (for links, empty = clear
   * the relation; for unlinks, empty removes nothing). A value is an id, an array of ids, or empty
   * ('' / null / []). Targets must exist in the workspace, be of the relation's kind (and object) and be
   * visible to the caller; problems name `<which>.<relation key>`.
   */
  private async linkPlan(
    auth: UserContext,
    all: ObjectType[],
    type: ObjectType,
    selfId: number | null,
    links: Record<string, unknown> | undefined,
    problems: Problem[],
    which: 'links' | 'unlinks' = 'links',
  ): Promise<{ rel: RelationDef; ids: number[] }[]> {
    const plan: { rel: RelationDef; ids: number[] }[] = [];
    const adding = which === 'links';
    for (const [key, v] of Object.entries(links ?? {})) {
      const field = `${which}.${key}`;
      const rel = type.relations.find((r) => r.key === key);
      if (!rel) {
        problems.push({ field, message: 'no such relation on this object' });
        continue;
      }
      const raw = v === null || v === '' ? [] : Array.isArray(v) ? v : [v];
      if (raw.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 2_147_483_647)) {
        problems.push({ field, message: 'must be a record id or an array of record ids' });
        continue;
      }
      const ids = [...new Set(raw as number[])];
      if (ids.length > MAX_LINKS_PER_REQUEST) problems.push({ field, message: `at most ${MAX_LINKS_PER_REQUEST} ids at once` });
      else if (adding && !rel.many && ids.length > 1) problems.push({ field, message: 'this relation takes one record' });
      else if (adding && selfId !== null && rel.kind === 'object' && rel.object === type.key && ids.includes(selfId)) problems.push({ field, message: 'a record cannot link to itself' });
      else if (adding || ids.length) plan.push({ rel, ids });
    }
    if (!plan.length) return plan;
    const found = await this.views.visibleTargets(auth, all, plan);
    for (const p of plan) {
      const missing = p.ids.filter((id) => !found.get(p.rel.key)?.has(id));
      if (missing.length) problems.push({ field: `${which}.${p.rel.key}`, message: `no ${p.rel.kind === 'object' ? `${p.rel.object} record` : p.rel.kind} with id ${missing.slice(0, 5).join(', ')}` });
    }
    return plan;
  }

  /** Removes the checked `unlinks` targets that are linked (others are no change); true when a link went. */
  private async removeLinks(auth: UserContext, sourceId: number, plan: { rel: RelationDef; ids: number[] }[]): Promise<boolean> {
    let changed = false;
    for (const { rel, ids } of plan) {
      if (await this.uow.tenant(auth.workspace.id).delete(ObjectLink, { sourceId, relationKey: rel.key, targetId: In(ids) })) changed = true;
    }
    return changed;
  }

  /** Writes the checked links: a one-relation is replaced, a many-relation gains the new targets; empty clears. */
  private async writeLinks(auth: UserContext, type: ObjectType, sourceId: number, plan: { rel: RelationDef; ids: number[] }[]): Promise<boolean> {
    if (!plan.length) return false;
    const db = this.uow.tenant(auth.workspace.id);
    const existing = await db.find(ObjectLink, { where: { sourceId, relationKey: In(plan.map((p) => p.rel.key)) } });
    let changed = false;
    for (const { rel, ids } of plan) {
      const have = existing.filter((l) => l.relationKey === rel.key);
      const replace = !ids.length || !rel.many;
      const stale = replace ? have.filter((l) => !ids.includes(l.targetId)) : [];
      if (stale.length) {
        await db.delete(ObjectLink, { id: In(stale.map((l) => l.id)) });
        changed = true;
      }
      const fresh = ids.filter((id) => !have.some((l) => l.targetId === id));
      if (fresh.length) {
        await db.insert(
          ObjectLink,
          fresh.map((targetId) => ({ sourceTypeId: type.id, sourceId, relationKey: rel.key, targetKind: rel.kind, targetId })),
        );
        changed = true;
      }
    }
    return changed;
  }
}
