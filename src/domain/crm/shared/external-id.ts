import type { EntityTarget } from 'typeorm';
import { DomainError } from '../../../platform/common/errors';
import type { TenantDb, TenantRow } from '../../../platform/database/tenant-db';

/** Longest `external_id` (another system's key: a UUID, a Salesforce id, a row number with a prefix). */
export const EXTERNAL_ID_MAX = 200;

/**
 * The stored form of an `external_id` from a create or update: trimmed, and empty or null as no key (null,
 * so the per-workspace unique index leaves records without one alone); undefined when the input leaves it.
 */
export function externalIdOf(v: string | null | undefined): string | null | undefined {
  if (v === undefined) return undefined;
  const s = (v ?? '').trim();
  return s ? s : null;
}

/** The 409 of a key another record of the kind holds. */
const externalIdTaken = (what: string) => new DomainError('conflict', `another ${what} has this external_id`, { field: 'external_id' });

/**
 * Refuses an `external_id` another record of the kind has in the workspace (409 `conflict`, field
 * `external_id`), visible to the caller or not: the key is what an import matches on, so it must name one
 * record (docs/decisions/import-export.md). The unique index backs this against a concurrent write.
 */
export async function assertExternalIdFree<T extends TenantRow>(
  db: TenantDb,
  entity: EntityTarget<T>,
  what: string,
  value: string | null | undefined,
  selfId: number | null,
): Promise<void> {
  if (!value) return;
  const other = await db.qb(entity, 'x').select('x.id', 'id').andWhere('x.external_id = :value', { value }).getRawOne<{ id: number }>();
  if (other && Number(other.id) !== selfId) throw externalIdTaken(what);
}

/**
 * The keys among `values` that a record of the kind already has in the workspace: one query for a batch of creates
 * (`createMany`), where `assertExternalIdFree` per input was a query per row. A create has no record of its own to
 * except, so any holder is a conflict.
 */
export async function externalIdsTaken<T extends TenantRow>(db: TenantDb, entity: EntityTarget<T>, values: (string | null | undefined)[]): Promise<Set<string>> {
  const keys = [...new Set(values.filter((v): v is string => !!v))];
  if (!keys.length) return new Set();
  const rows = await db.qb(entity, 'x').select('x.external_id', 'external_id').andWhere('x.external_id IN (:...keys)', { keys }).getRawMany<{ external_id: string }>();
  return new Set(rows.map((r) => r.external_id));
}

/** `assertExternalIdFree` for a create whose workspace's taken keys were read for the batch (`externalIdsTaken`). */
export function assertExternalIdNotTaken(taken: Set<string>, what: string, value: string | null | undefined): void {
  if (value && taken.has(value)) throw externalIdTaken(what);
}
