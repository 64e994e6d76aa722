import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys: one row per (workspace, credential, key). The unique index is the claim:
 * the first request inserts it before its handler runs, a duplicate on any instance finds it.
 */
export class IdempotencyKeys1795472000000 implements MigrationInterface {
  name = 'IdempotencyKeys1795472000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "idempotency_keys" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "credential_id" integer NOT NULL, "key" character varying(255) NOT NULL, "fingerprint" character(64) NOT NULL, "status" smallint, "content_type" character varying(100), "body" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_idempotency_keys_credential_key" ON "idempotency_keys" ("workspace_id", "credential_id", "key")`);
    await q.query(`CREATE INDEX "IDX_idempotency_keys_expires" ON "idempotency_keys" ("workspace_id", "expires_at")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotency_keys"`);
  }
}
