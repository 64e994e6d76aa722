import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Import jobs (docs/decisions/import.md): the job, its file (bytea, so any instance can take the job over)
 * and what each row did. Workers claim jobs by state and lease across workspaces: the (state, lease_until) index.
 */
export class ImportJobs1795490000000 implements MigrationInterface {
  name = 'ImportJobs1795490000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "import_jobs" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer NOT NULL, "file_name" character varying(255) NOT NULL, ` +
        `"format" character varying(8) NOT NULL, "encoding" character varying(16), "delimiter" character varying(2), "size" integer NOT NULL, "columns" jsonb NOT NULL, ` +
        `"total_rows" integer NOT NULL, "header_key" character varying(64) NOT NULL, "state" character varying(16) NOT NULL, "target" character varying(20), "mode" character varying(10), "match_key" character varying(20), ` +
        `"mapping" jsonb, "validation" jsonb, "result" jsonb, "revert" jsonb, "rows_done" integer NOT NULL DEFAULT 0, "lease_owner" character varying(64), ` +
        `"lease_until" TIMESTAMP WITH TIME ZONE, "error" text, "events" jsonb NOT NULL DEFAULT '[]', "event_count" integer NOT NULL DEFAULT 0, ` +
        `"finished_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_import_jobs" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_import_jobs_created" ON "import_jobs" ("workspace_id", "created_at")`);
    await q.query(`CREATE INDEX "IDX_import_jobs_claim" ON "import_jobs" ("state", "lease_until")`);
    await q.query(`CREATE INDEX "IDX_import_jobs_headers" ON "import_jobs" ("workspace_id", "header_key", "id")`);
    await q.query(
      `CREATE TABLE "import_files" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "job_id" integer NOT NULL, "content" bytea NOT NULL, ` +
        `CONSTRAINT "PK_import_files" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_import_files_job" ON "import_files" ("workspace_id", "job_id")`);
    await q.query(
      `CREATE TABLE "import_rows" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "job_id" integer NOT NULL, "phase" character varying(10) NOT NULL, ` +
        `"row_no" integer NOT NULL, "target" character varying(20) NOT NULL, "outcome" character varying(10) NOT NULL, "record_id" integer, "before" jsonb, ` +
        `"after_at" TIMESTAMP(3) WITH TIME ZONE, "errors" jsonb, "cells" jsonb, CONSTRAINT "PK_import_rows" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_import_rows_job" ON "import_rows" ("workspace_id", "job_id", "phase", "id")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "import_rows"`);
    await q.query(`DROP TABLE "import_files"`);
    await q.query(`DROP TABLE "import_jobs"`);
  }
}
