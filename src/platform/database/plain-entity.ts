import type { EntityMetadata } from 'typeorm';

/**
 * Whether an entity maps one regular table column for column: no relations, embedded columns, inheritance or
 * tree, so that a statement written from its columns reads and writes what TypeORM's own would. The plain
 * reads (plain-find.ts) and the plain insert (plain-insert.ts) add what their own statements need on top.
 */
export function isPlainTable(metadata: EntityMetadata): boolean {
  return (
    !metadata.relations.length &&
    !metadata.embeddeds.length &&
    !metadata.childEntityMetadatas.length &&
    !metadata.discriminatorColumn &&
    !metadata.parentEntityMetadata &&
    !metadata.treeType &&
    metadata.tableType === 'regular'
  );
}

/** A quoted PostgreSQL identifier. */
export const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The entity's table, schema-qualified when it has a schema, quoted. */
export const tableName = (metadata: EntityMetadata): string => (metadata.schema ? `${quote(metadata.schema)}.${quote(metadata.tableName)}` : quote(metadata.tableName));
