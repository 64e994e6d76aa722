import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { UsersService } from '../../identity/users.service';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { ObjectLink } from './object-link.entity';
import { ObjectRecord } from './object-record.entity';
import { RelationDef, RelationKind, subtitle } from './objects.rules';
import { ObjectType } from './object-type.entity';

export interface RelationItem {
  id: number;
  name: string;
}

/** One relation of a record (spec 2.10): its own (`out`) or another object's pointing at it (`in`). */
export interface RelationView {
  key: string;
  kind: RelationKind;
  /** Kind object: the items' object key (target object out, pointing object in); '' otherwise. */
  object: string;
  label: string;
  target_label: string;
  side: 'out' | 'in';
  many: boolean;
  items: RelationItem[];
}

/** A record with everything its response shows, batch-loaded. */
export interface RecordView {
  record: ObjectRecord;
  type: ObjectType;
  owner: User | null;
  editable: boolean;
  customer: RelationItem | null;
  relations: RelationView[];
  sub: string;
}

/** Labels of the CRM record kinds a relation can point at. */
export const KIND_LABELS: Record<Exclude<RelationKind, 'object'>, string> = { company: 'Companies', person: 'People', opportunity: 'Opportunities' };

interface Named {
  id: number;
  name: string;
  ownerId: number | null;
  typeId?: number;
}

/**
 * Builds record views for a page of records with a fixed number of queries whatever its size: the
 * links of both directions (one), the names of linked records (one per kind), and the users (owners
 * and person fields, one). Linked records the caller may not see are left out.
 */
@Injectable()
export class ObjectViews {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly users: UsersService,
  ) {}

  canSee(visible: number[] | null, ownerId: number | null): boolean {
    return ownerId === null || this.access.canSee(visible, ownerId);
  }

  /** Owner or admin; a record without an owner only an admin. */
  canEdit(auth: UserContext, ownerId: number | null): boolean {
    return ownerId === null ? isAdmin(auth) : this.access.canEdit(auth, ownerId);
  }

  async of(auth: UserContext, all: ObjectType[], type: ObjectType, records: ObjectRecord[]): Promise<RecordView[]> {
    if (!records.length) return [];
    const db = this.uow.tenant(auth.workspace.id);
    const ids = records.map((r) => r.id);
    // relations of other objects (or this one) that point at this object: the `in` side
    const incoming = all.flatMap((s) => s.relations.filter((r) => r.kind === 'object' && r.object === type.key).map((rel) => ({ source: s, rel })));
    const links = await db
      .qb(ObjectLink, 'l')
      .andWhere(
        new Brackets((w) => {
          w.where('l.source_id IN (:...ids) AND l.source_type_id = :typeId', { ids, typeId: type.id });
          if (incoming.length) w.orWhere(`l.target_kind = 'object' AND l.target_id IN (:...ids)`, { ids });
        }),
      )
      .orderBy('l.id', 'ASC')
      .getMany();
    const visible = await this.access.visibleOwnerIds(auth);
    const want: Record<RelationKind, Set<number>> = { company: new Set(), person: new Set(), opportunity: new Set(), object: new Set() };
    for (const l of links) {
      if (l.sourceTypeId === type.id && ids.includes(l.sourceId)) want[l.targetKind as RelationKind]?.add(l.targetId);
      if (l.targetKind === 'object' && ids.includes(l.targetId)) want.object.add(l.sourceId);
    }
    const names = await this.names(auth, want);
    const seen = (kind: RelationKind, id: number): Named | undefined => {
      const n = names[kind].get(id);
      return n && this.canSee(visible, n.ownerId) ? n : undefined;
    };

    const personIds = records.flatMap((r) => type.fields.filter((f) => f.type === 'person' && typeof r.data[f.key] === 'number').map((f) => r.data[f.key] as number));
    const users = await this.users.byIds(auth.workspace.id, [...records.map((r) => r.ownerId), ...personIds]);
    const typeById = new Map(all.map((t) => [t.id, t]));

    return records.map((record) => {
      const relations: RelationView[] = type.relations.map((rel) => {
        const target = rel.kind === 'object' ? all.find((t) => t.key === rel.object) : undefined;
        const items = links
          .filter((l) => l.sourceId === record.id && l.relationKey === rel.key && l.sourceTypeId === type.id)
          .map((l) => seen(rel.kind, l.targetId))
          .filter((n): n is Named => !!n && (rel.kind !== 'object' || n.typeId === target?.id))
          .map((n) => ({ id: n.id, name: n.name }));
        return { key: rel.key, kind: rel.kind, object: rel.object, label: rel.label, target_label: target ? target.label : rel.kind === 'object' ? rel.object : KIND_LABELS[rel.kind], side: 'out' as const, many: rel.many, items };
      });
      for (const { source, rel } of incoming) {
        const items = links
          .filter((l) => l.targetKind === 'object' && l.targetId === record.id && l.sourceTypeId === source.id && l.relationKey === rel.key)
          .map((l) => seen('object', l.sourceId))
          .filter((n): n is Named => !!n && typeById.get(n.typeId ?? 0) === source)
          .map((n) => ({ id: n.id, name: n.name }));
        relations.push({ key: `${source.key}.${rel.key}`, kind: 'object', object: source.key, label: `${source.label}: ${rel.label}`, target_label: source.label, side: 'in', many: true, items });
      }
      const customer = relations.find((r) => r.side === 'out' && r.kind === 'company' && r.items.length)?.items[0] ?? null;
      return {
        record,
        type,
        owner: record.ownerId === null ? null : (users.get(record.ownerId) ?? null),
        editable: this.canEdit(auth, record.ownerId),
        customer,
        relations,
        sub: subtitle(type.fields, record.data, (id) => users.get(id)?.fullName ?? ''),
      };
    });
  }

  /** Names (and owners, for visibility) of linked records: one query per kind. */
  private async names(auth: UserContext, want: Record<RelationKind, Set<number>>): Promise<Record<RelationKind, Map<number, Named>>> {
    const db = this.uow.tenant(auth.workspace.id);
    const load = async (entity: typeof Company | typeof Person | typeof Opportunity | typeof ObjectRecord, ids: Set<number>): Promise<Map<number, Named>> => {
      if (!ids.size) return new Map();
      const qb = db
        .qb(entity as typeof ObjectRecord, 'x')
        .select('x.id', 'id')
        .addSelect('x.name', 'name')
        .addSelect('x.owner_id', 'ownerId')
        .andWhere('x.id IN (:...ids)', { ids: [...ids] });
      if (entity === ObjectRecord) qb.addSelect('x.type_id', 'typeId');
      const rows = await qb.getRawMany<Named>();
      return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), ownerId: r.ownerId === null ? null : Number(r.ownerId), typeId: r.typeId === undefined ? undefined : Number(r.typeId) }]));
    };
    // one after the other: inside a unit of work they share one connection anyway
    const company = await load(Company, want.company);
    const person = await load(Person, want.person);
    const opportunity = await load(Opportunity, want.opportunity);
    const object = await load(ObjectRecord, want.object);
    return { company, person, opportunity, object };
  }

  /**
   * For link checks: per relation key, the requested target ids that exist in the workspace, are of the
   * relation's kind (object records: of the relation's object) and are visible to the caller.
   */
  async visibleTargets(auth: UserContext, all: ObjectType[], plan: { rel: RelationDef; ids: number[] }[]): Promise<Map<string, Set<number>>> {
    const want: Record<RelationKind, Set<number>> = { company: new Set(), person: new Set(), opportunity: new Set(), object: new Set() };
    for (const p of plan) for (const id of p.ids) want[p.rel.kind].add(id);
    const names = await this.names(auth, want);
    const visible = await this.access.visibleOwnerIds(auth);
    const out = new Map<string, Set<number>>();
    for (const { rel, ids } of plan) {
      const target = rel.kind === 'object' ? all.find((t) => t.key === rel.object) : undefined;
      const ok = ids.filter((id) => {
        const n = names[rel.kind].get(id);
        return !!n && this.canSee(visible, n.ownerId) && (rel.kind !== 'object' || n.typeId === target?.id);
      });
      out.set(rel.key, new Set(ok));
    }
    return out;
  }
}
