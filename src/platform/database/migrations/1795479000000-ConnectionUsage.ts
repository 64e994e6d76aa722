import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Requests and errors per credential (or OAuth grant) per hour (the connections console). Each
 * instance counts in memory and adds its counts with one upsert per flush; the unique key is the bucket.
 */
export class ConnectionUsage1795479000000 implements MigrationInterface {
  name = 'ConnectionUsage1795479000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "connection_usage" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "subject" character varying(16) NOT NULL, "subject_id" integer NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "requests" integer NOT NULL DEFAULT 0, "errors" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_connection_usage" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_connection_usage_bucket" ON "connection_usage" ("workspace_id", "subject", "subject_id", "hour")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "connection_usage"`);
  }
}
