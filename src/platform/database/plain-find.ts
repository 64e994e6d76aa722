import { EntityManager, EntityMetadata, EntityTarget, FindOperator, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isPlainTable, quote, tableName } from './plain-entity';

/**
 * `find` / `findOne` of the common shape without TypeORM's query builder: a where clause of equalities and
 * `In(...)` on columns, an order by columns, `take` / `skip`. The statement is built once per entity and
 * shape and kept; rows are hydrated as TypeORM hydrates them (the entity's `create()`, each column's
 * `setEntityValue` of the driver's `prepareHydratedValue`, so transformers and types apply). Building the
 * statement was most of a lookup's CPU (buildWhere, createSelectExpression, replacePropertyNamesForTheWholeQuery,
 * escapeQueryWithParameters: 100-200 µs a call against a few µs here; docs/performance.md).
 *
 * `select` is answered when it names the primary key's columns. Anything else (relations, lock, operators other than In, null, dates, array where clauses, an
 * entity with relations, embedded or inherited columns, a soft-delete column, a where column with a
 * transformer) returns null and the caller asks TypeORM: the same rows either way, this is only faster.
 */
export function plainFind<T extends ObjectLiteral>(m: EntityManager, entity: EntityTarget<T>, options: ObjectLiteral, one: boolean): Promise<T[]> | null {
  for (const key in options) if (!PLAIN_OPTIONS.has(key) && options[key] !== undefined) return null;
  const metadata = m.connection.getMetadata(entity);
  const shape = shapeOf(metadata);
  if (!shape) return null;
  const where = options.where as ObjectLiteral | undefined;
  if (!where || typeof where !== 'object' || Array.isArray(where) || Object.getPrototypeOf(where) !== Object.prototype) return null;
  let key = one ? '1' : 'n';
  let columns = shape.columns;
  const select = options.select as ObjectLiteral | undefined;
  if (select !== undefined) {
    // only the columns named, and only when the primary key is among them (TypeORM's rule for that case is its own)
    if (!select || typeof select !== 'object' || Array.isArray(select) || Object.getPrototypeOf(select) !== Object.prototype) return null;
    const chosen = new Set<string>();
    for (const prop in select) {
      if (select[prop] !== true || !shape.orderable.has(prop)) return null;
      chosen.add(prop);
    }
    if (!shape.primary.every((p) => chosen.has(p))) return null;
    columns = shape.columns.filter((c) => chosen.has(c.propertyName));
    key += `|s:${columns.map((c) => c.propertyName).join(',')}`;
  }
  const params: unknown[] = [];
  const conditions: string[] = [];
  for (const prop in where) {
    const value: unknown = where[prop];
    if (value === undefined) continue; // TypeORM leaves undefined out too
    const column = shape.byProperty.get(prop);
    if (!column) return null;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
      if (typeof value === 'number' && !Number.isFinite(value)) return null;
      params.push(value);
      conditions.push(`${quote(column.databaseName)} = $${params.length}`);
      key += `|${prop}=`;
    } else if (value instanceof FindOperator && value.type === 'in' && Array.isArray(value.value) && value.value.every(isPrimitive)) {
      params.push(value.value);
      conditions.push(`${quote(column.databaseName)} = ANY($${params.length})`);
      key += `|${prop}@`;
    } else {
      return null;
    }
  }
  if (!conditions.length) return null;
  const order = options.order as ObjectLiteral | undefined;
  const orderBy: string[] = [];
  if (order !== undefined) {
    if (!order || typeof order !== 'object' || Object.getPrototypeOf(order) !== Object.prototype) return null;
    for (const prop in order) {
      const dir = typeof order[prop] === 'string' ? (order[prop] as string).toUpperCase() : null;
      const column = shape.orderable.get(prop);
      if (!column || (dir !== 'ASC' && dir !== 'DESC')) return null;
      orderBy.push(`${quote(column.databaseName)} ${dir}`);
      key += `|^${prop} ${dir}`;
    }
  }
  const take = one ? 1 : (options.take as number | undefined);
  const skip = options.skip as number | undefined;
  if (take !== undefined && !(Number.isInteger(take) && take >= 0)) return null;
  if (skip !== undefined && !(Number.isInteger(skip) && skip >= 0)) return null;
  if (take !== undefined) {
    params.push(take);
    key += '|take';
  }
  if (skip !== undefined) {
    params.push(skip);
    key += '|skip';
  }
  let text = shape.statements.get(key);
  if (text === undefined) {
    let n = params.length - (take !== undefined ? 1 : 0) - (skip !== undefined ? 1 : 0);
    text = `SELECT ${columns.map((c) => quote(c.databaseName)).join(', ')} FROM ${shape.table} WHERE ${conditions.join(' AND ')}`;
    if (orderBy.length) text += ` ORDER BY ${orderBy.join(', ')}`;
    if (take !== undefined) text += ` LIMIT $${++n}`;
    if (skip !== undefined) text += ` OFFSET $${++n}`;
    shape.statements.set(key, text);
  }
  return m.query(text, params).then((rows: ObjectLiteral[]) => rows.map((row) => hydrate(m, metadata, columns, row)));
}

const PLAIN_OPTIONS = new Set(['where', 'select', 'order', 'take', 'skip']);

interface Shape {
  table: string;
  primary: string[];
  columns: ColumnMetadata[];
  byProperty: Map<string, ColumnMetadata>;
  orderable: Map<string, ColumnMetadata>;
  statements: Map<string, string>;
}

const shapes = new WeakMap<EntityMetadata, Shape | false>();

function shapeOf(metadata: EntityMetadata): Shape | null {
  let shape = shapes.get(metadata);
  if (shape === undefined) {
    const plain = isPlainTable(metadata) && !metadata.deleteDateColumn;
    if (!plain) {
      shape = false;
    } else {
      const columns = metadata.columns.filter((c) => c.isSelect && !c.isVirtual && !c.isVirtualProperty && !c.relationMetadata);
      const byProperty = new Map<string, ColumnMetadata>();
      // where and order name columns without transformers only (a transformer would have to convert the value)
      for (const c of columns) if (!c.transformer && !c.embeddedMetadata) byProperty.set(c.propertyName, c);
      const orderable = new Map(columns.filter((c) => !c.embeddedMetadata).map((c) => [c.propertyName, c]));
      const table = tableName(metadata);
      shape = { table, primary: metadata.primaryColumns.map((c) => c.propertyName), columns, byProperty, orderable, statements: new Map() };
    }
    shapes.set(metadata, shape);
  }
  return shape || null;
}

function hydrate<T extends ObjectLiteral>(m: EntityManager, metadata: EntityMetadata, columns: ColumnMetadata[], row: ObjectLiteral): T {
  const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
  const driver = m.connection.driver;
  for (const column of columns) {
    const value: unknown = row[column.databaseName];
    if (value === undefined) continue;
    column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
  }
  return entity;
}

const isPrimitive = (v: unknown): boolean => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string' || typeof v === 'boolean';
