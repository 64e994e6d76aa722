import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { DomainError, forbidden, invalidFields, notFound } from '../../../platform/common/errors';
import type { TenantDb } from '../../../platform/database/tenant-db';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { isAdmin, UserContext } from '../../identity/auth-context';
import { ObjectLink } from './object-link.entity';
import { definitionChange, KEY_RE, parseFields, parseRelations, Problem } from './objects.rules';
import { ObjectType } from './object-type.entity';

export interface ObjectTypeInput {
  key?: string;
  label?: string;
  fields?: unknown[];
  relations?: unknown[];
}

/**
 * Custom object definitions (spec 2.10, 4.7): everyone with the module reads them; admins create and
 * change them. A change to fields or relations also cleans the stored values and links it invalidates
 * (docs/crm-rules.md, "Custom objects").
 */
@Injectable()
export class ObjectTypesService {
  constructor(private readonly uow: UnitOfWork) {}

  list(auth: UserContext): Promise<ObjectType[]> {
    return this.uow.tenant(auth.workspace.id).find(ObjectType, { order: { id: 'ASC' } });
  }

  /** The object with this key in the caller's workspace; otherwise 404. */
  async byKey(auth: UserContext, key: string): Promise<ObjectType> {
    const t = KEY_RE.test(key) ? await this.uow.tenant(auth.workspace.id).findOne(ObjectType, { where: { key } }) : null;
    if (!t) throw notFound('object');
    return t;
  }

  async create(auth: UserContext, input: ObjectTypeInput): Promise<ObjectType> {
    if (!isAdmin(auth)) throw forbidden('only admins define custom objects');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      // one definer at a time per workspace: the duplicate-key check and relation targets stay true
      await db.lock(OBJECT_LOCK);
      const keys = new Set((await this.list(auth)).map((t) => t.key));
      const problems: Problem[] = [];
      const key = typeof input.key === 'string' ? input.key : '';
      if (!KEY_RE.test(key)) problems.push({ field: 'key', message: 'must be 1-40 characters: a lower-case letter, then lower-case letters, digits or _' });
      const label = (input.label ?? '').trim();
      if (!label) problems.push({ field: 'label', message: 'must not be empty' });
      const fields = parseFields(input.fields, problems);
      const relations = parseRelations(input.relations, new Set([...keys, key]), problems);
      if (problems.length) throw invalidFields(problems);
      if (keys.has(key)) throw new DomainError('conflict', `an object with key ${key} already exists`, { field: 'key' });
      return db.save(ObjectType, db.create(ObjectType, { key, label, fields, relations }));
    });
  }

  /**
   * Changes label, fields and/or relations (each list sent replaces the old one whole). Values of removed
   * or retyped fields are deleted, values outside narrowed options removed, links of removed or
   * retargeted relations deleted, and a relation turned from many to one keeps each record's newest link.
   */
  async update(auth: UserContext, key: string, input: ObjectTypeInput): Promise<ObjectType> {
    if (!isAdmin(auth)) throw forbidden('only admins define custom objects');
    const db = this.uow.tenant(auth.workspace.id);
    return this.uow.run(async () => {
      await db.lock(OBJECT_LOCK);
      const current = await this.byKey(auth, key);
      const problems: Problem[] = [];
      if (input.key !== undefined && input.key !== current.key) problems.push({ field: 'key', message: 'the key of an object cannot change' });
      const label = input.label !== undefined ? (input.label ?? '').trim() : current.label;
      if (!label) problems.push({ field: 'label', message: 'must not be empty' });
      const fields = input.fields !== undefined ? parseFields(input.fields, problems) : current.fields;
      const keys = new Set((await this.list(auth)).map((t) => t.key));
      const relations = input.relations !== undefined ? parseRelations(input.relations, keys, problems) : current.relations;
      if (problems.length) throw invalidFields(problems);
      await this.applyChange(db, current, { fields, relations });
      await db.update(ObjectType, { id: current.id }, { label, fields, relations });
      return (await db.byId(ObjectType, current.id))!;
    });
  }

  private async applyChange(db: TenantDb, current: ObjectType, next: Pick<ObjectType, 'fields' | 'relations'>): Promise<void> {
    const change = definitionChange(current, next);
    for (const f of change.dropFields) {
      await db.sql(`UPDATE object_records SET data = data - $2::text, updated_at = now() WHERE workspace_id = $1 AND type_id = $3 AND data ? $2::text`, [f, current.id]);
    }
    for (const f of change.narrowSelect) {
      await db.sql(
        `UPDATE object_records SET data = data - $2::text, updated_at = now()
          WHERE workspace_id = $1 AND type_id = $3 AND data ? $2::text AND NOT ((data ->> $2::text) = ANY($4::text[]))`,
        [f.key, current.id, f.options],
      );
    }
    for (const f of change.narrowMulti) {
      await db.sql(
        `UPDATE object_records r
            SET data = CASE WHEN x.kept IS NULL THEN r.data - $2::text ELSE jsonb_set(r.data, ARRAY[$2::text], x.kept) END, updated_at = now()
           FROM (SELECT o.id, (SELECT jsonb_agg(e) FROM jsonb_array_elements_text(o.data -> $2::text) e WHERE e = ANY($4::text[])) AS kept
                   FROM object_records o
                  WHERE o.workspace_id = $1 AND o.type_id = $3 AND jsonb_typeof(o.data -> $2::text) = 'array') x
          WHERE r.workspace_id = $1 AND r.id = x.id AND (r.data -> $2::text) IS DISTINCT FROM x.kept`,
        [f.key, current.id, f.options],
      );
    }
    if (change.dropRelations.length) await db.delete(ObjectLink, { sourceTypeId: current.id, relationKey: In(change.dropRelations) });
    for (const r of change.toOne) {
      await db.sql(
        `DELETE FROM object_links l
          WHERE l.workspace_id = $1 AND l.source_type_id = $2 AND l.relation_key = $3
            AND l.id <> (SELECT max(k.id) FROM object_links k WHERE k.workspace_id = $1 AND k.source_id = l.source_id AND k.relation_key = $3)`,
        [current.id, r],
      );
    }
  }
}

/** First key of the advisory lock serializing definition changes per workspace (second key: workspace id). */
const OBJECT_LOCK = 0x6f626a74; // "objt"
