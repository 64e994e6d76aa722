import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People and leads are matched on `lower(email)`: the import's match key and the duplicate check of a batch of
 * people (one `lower(email) IN (…)` per batch), and the e-mail filing. The btree on (workspace_id, email) cannot
 * serve `lower(email)`, so each of those statements read every person of the workspace: an import of 100,000 people
 * read the table once per batch of 200 (docs/performance.md, "Import").
 */
export class EmailLowerIndexes1795493100000 implements MigrationInterface {
  name = 'EmailLowerIndexes1795493100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS "IDX_people_email_lower" ON "people" ("workspace_id", lower("email"))`);
    await q.query(`CREATE INDEX IF NOT EXISTS "IDX_leads_email_lower" ON "leads" ("workspace_id", lower("email"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "IDX_leads_email_lower"`);
    await q.query(`DROP INDEX IF EXISTS "IDX_people_email_lower"`);
  }
}
