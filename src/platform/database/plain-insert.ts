import { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isPlainTable, quote, tableName } from './plain-entity';

/**
 * A multi-row INSERT … RETURNING of new entities without TypeORM's persistence machinery (`save` builds
 * subjects, change maps and merges per entity; `insert` a query builder that names a parameter per value):
 * for 200 entities of 20 columns that was most of an import batch's CPU (docs/performance.md, "Import").
 * What is written and what the entities hold afterwards are `save`'s for a new entity on PostgreSQL:
 * each insertable column's value through the driver's `preparePersistentValue` (transformers, json, dates),
 * `DEFAULT` for an undefined value (and 1 for a version column), the generated key not named; the columns
 * `save` reads back (defaults, generated, create/update dates, version) merged into each entity as the
 * driver returns them, and nullable columns left undefined set to null.
 *
 * Null (the caller uses TypeORM) for an entity this does not cover: relations, embedded or inherited
 * columns, listeners or subscribers, and for a value that is a raw SQL function. Statements are cut so
 * that none passes PostgreSQL's 65,535 parameters.
 */
export function plainInsert<T extends ObjectLiteral>(m: EntityManager, entity: EntityTarget<T>, rows: T[]): Promise<T[]> | null {
  const metadata = m.connection.getMetadata(entity);
  const shape = shapeOf(m, metadata);
  if (!shape) return null;
  const driver = m.connection.driver;
  const values: unknown[][] = [];
  for (const row of rows) {
    const out: unknown[] = [];
    for (const column of shape.columns) {
      const v = column.getEntityValue(row);
      if (typeof v === 'function') return null;
      out.push(driver.preparePersistentValue(v, column));
    }
    values.push(out);
  }
  const per = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, shape.columns.length)));
  return (async () => {
    for (let from = 0; from < rows.length; from += per) {
      const chunk = values.slice(from, from + per);
      const params: unknown[] = [];
      const tuples = chunk.map((vals) => {
        const cells = vals.map((v, i) => {
          if (v === undefined) return shape.columns[i]!.isVersion ? '1' : 'DEFAULT';
          params.push(v);
          return `$${params.length}`;
        });
        return `(${cells.join(', ')})`;
      });
      const text = `INSERT INTO ${shape.table} (${shape.names}) VALUES ${tuples.join(', ')}${shape.returning}`;
      const result: ObjectLiteral[] = await m.query(text, params);
      for (let i = 0; i < chunk.length; i++) {
        const entity = rows[from + i]!;
        const back = result[i] ?? {};
        for (const column of shape.nullable) if (column.getEntityValue(entity) === undefined) column.setEntityValue(entity, null);
        for (const column of shape.returned) {
          const v: unknown = back[column.databaseName];
          if (v !== undefined) column.setEntityValue(entity, v);
        }
      }
    }
    return rows;
  })();
}

const MAX_PARAMS = 30_000;

interface Shape {
  table: string;
  columns: ColumnMetadata[];
  names: string;
  returned: ColumnMetadata[];
  returning: string;
  nullable: ColumnMetadata[];
}

const shapes = new WeakMap<EntityMetadata, Shape | false>();

function shapeOf(m: EntityManager, metadata: EntityMetadata): Shape | null {
  let shape = shapes.get(metadata);
  if (shape === undefined) {
    const plain =
      isPlainTable(metadata) &&
      !metadata.beforeInsertListeners.length &&
      !metadata.afterInsertListeners.length &&
      !m.connection.subscribers.length &&
      m.connection.driver.options.type === 'postgres';
    if (!plain) {
      shape = false;
    } else {
      // `getInsertedColumns` of TypeORM's insert on PostgreSQL: insertable, not the generated increment key
      const columns = metadata.columns.filter((c) => c.isInsert && !c.isVirtual && !c.isVirtualProperty && !(c.isGenerated && c.generationStrategy === 'increment'));
      // `getInsertionReturningColumns`: what `save` merges back into a new entity
      const returned = metadata.columns.filter((c) => !c.isVirtual && (c.default !== undefined || c.asExpression !== undefined || c.isGenerated || c.isCreateDate || c.isUpdateDate || c.isDeleteDate || c.isVersion));
      const table = tableName(metadata);
      shape = {
        table,
        columns,
        names: columns.map((c) => quote(c.databaseName)).join(', '),
        returned,
        returning: returned.length ? ` RETURNING ${returned.map((c) => quote(c.databaseName)).join(', ')}` : '',
        nullable: metadata.columns.filter((c) => c.isNullable && !c.isVirtual && !c.isDeleteDate),
      };
    }
    shapes.set(metadata, shape);
  }
  return shape || null;
}

