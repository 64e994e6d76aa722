import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes (docs/crm-rules.md "Indexes", docs/decisions/performance-and-tests.md and
 * docs/decisions/search.md). Hand-written: partial, expression, GIN and GiST indexes; the entities declare them
 * with `synchronize: false` so schema diffs leave them alone.
 *
 * pg_trgm and btree_gist are "trusted" contrib extensions (PostgreSQL 13+): the database owner may create
 * them without superuser. The embedded PGlite loads both (src/database/embedded.ts).
 */
export class IndexesAndAggregates1795340000000 implements MigrationInterface {
  name = 'IndexesAndAggregates1795340000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    // Aggregates over open opportunities (open count per company, per owner) read only the open rows,
    // however many closed rows the company's or owner's history holds.
    await q.query(`CREATE INDEX "IDX_opportunities_open_customer" ON "opportunities" ("workspace_id", "customer_id") WHERE "is_open"`);
    await q.query(`CREATE INDEX "IDX_opportunities_open_owner" ON "opportunities" ("workspace_id", "owner_id") WHERE "is_open"`);

    // `q` substring searches (ILIKE '%q%'): trigram GIN indexes on the searched columns.
    await q.query(`CREATE INDEX "IDX_opportunities_name_trgm" ON "opportunities" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_people_name_trgm" ON "people" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_people_email_trgm" ON "people" USING gin ("email" gin_trgm_ops)`);

    // Calendar range (overlap of [start_at, end_at) with the asked window): GiST over the range, with
    // workspace_id through btree_gist. end_at > start_at is enforced by the service and by this check,
    // so tstzrange() never fails on a stored row.
    await q.query(`ALTER TABLE "calendar_entries" ADD CONSTRAINT "CHK_calendar_entries_end_after_start" CHECK ("end_at" > "start_at")`);
    await q.query(`CREATE INDEX "IDX_calendar_entries_range" ON "calendar_entries" USING gist ("workspace_id", tstzrange("start_at", "end_at"))`);

    // Tasks by owner (visibility: assignee OR owner; the assignee side has (workspace_id, assignee_id, status, due_date)).
    await q.query(`CREATE INDEX "IDX_tasks_owner" ON "tasks" ("workspace_id", "owner_id", "id")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "public"."IDX_tasks_owner"`);
    await q.query(`DROP INDEX "public"."IDX_calendar_entries_range"`);
    await q.query(`ALTER TABLE "calendar_entries" DROP CONSTRAINT "CHK_calendar_entries_end_after_start"`);
    await q.query(`DROP INDEX "public"."IDX_people_email_trgm"`);
    await q.query(`DROP INDEX "public"."IDX_people_name_trgm"`);
    await q.query(`DROP INDEX "public"."IDX_companies_name_trgm"`);
    await q.query(`DROP INDEX "public"."IDX_opportunities_name_trgm"`);
    await q.query(`DROP INDEX "public"."IDX_opportunities_open_owner"`);
    await q.query(`DROP INDEX "public"."IDX_opportunities_open_customer"`);
    // The extensions stay: other objects may use them, and keeping them is harmless.
  }
}
