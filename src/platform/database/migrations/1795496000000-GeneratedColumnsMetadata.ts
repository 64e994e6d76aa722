import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The folded search columns (migration FoldedSearch) are declared in their entities now (`FoldColumn`), so that the
 * entities describe the tables whole and `migration:generate` proposes nothing but the change a developer made.
 * TypeORM reads a generated column's expression from its `typeorm_metadata` table (PostgreSQL's own text of it is
 * formatted differently): this creates the table as TypeORM's generated migrations do and records the six
 * expressions, exactly as the entities write them.
 */
const GENERATED: [string, string, string][] = [
  ['companies', 'name_fold', 'crm_fold("name")'],
  ['people', 'name_fold', 'crm_fold("name")'],
  ['opportunities', 'name_fold', 'crm_fold("name")'],
  ['tasks', 'text_fold', `crm_fold("title" || ' ' || "description")`],
  ['activities', 'text_fold', `crm_fold("topic" || ' ' || "note" || ' ' || "next_action" || ' ' || "outcome")`],
  ['orders', 'po_fold', 'crm_fold("customer_po")'],
];

export class GeneratedColumnsMetadata1795496000000 implements MigrationInterface {
  name = 'GeneratedColumnsMetadata1795496000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" varchar NOT NULL, "database" varchar, "schema" varchar, "table" varchar, "name" varchar, "value" text)`);
    for (const [table, column, expression] of GENERATED) {
      await q.query(`INSERT INTO "typeorm_metadata" ("type", "database", "schema", "table", "name", "value") VALUES ('GENERATED_COLUMN', current_database(), current_schema(), $1, $2, $3)`, [table, column, expression]);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = ANY($1) AND "name" IN ('name_fold', 'text_fold', 'po_fold')`, [GENERATED.map(([t]) => t)]);
  }
}
