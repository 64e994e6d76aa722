import { PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every tenant table's primary key is (workspace_id, id): workspace_id is the distribution column a
 * Citus-style sharding would use, and every unique key that matters starts with it too.
 */
export abstract class TenantEntity {
  @PrimaryColumn({ type: 'int' })
  workspaceId: number;

  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;
}

/** numeric columns arrive as numbers (see pg-types); this keeps TypeORM's typing honest. */
export const numeric = { to: (v: number | null | undefined) => v, from: (v: unknown) => (v === null || v === undefined ? null : Number(v)) };

/** A jsonb object column's type (TypeORM's deep-partial typing rejects `unknown` values). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonMap = Record<string, any>;
