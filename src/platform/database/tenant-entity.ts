import { Column, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

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

/**
 * A stored generated column of folded search text: the database writes it (`GENERATED ALWAYS AS (expression)
 * STORED`), the application neither selects nor writes it; search SQL reads it by name. Declared so that the
 * entities describe the tables whole and `migration:generate` finds nothing to change (the expression is the one the
 * migration created, kept in `typeorm_metadata` for the comparison).
 */
export const FoldColumn = (expression: string): PropertyDecorator => Column({ type: 'text', generatedType: 'STORED', asExpression: expression, select: false, insert: false, update: false, nullable: true });
