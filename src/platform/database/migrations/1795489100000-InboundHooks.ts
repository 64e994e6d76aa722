import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inbound hooks (spec 6.1 names them as an origin of changes): a workspace's hooks with their target,
 * mapping, authentication (a bearer secret's hash or a sealed Standard Webhooks key), owner, limit and
 * counts; and their receipts, one per idempotency key, naming the record the key created.
 */
export class InboundHooks1795489100000 implements MigrationInterface {
  name = 'InboundHooks1795489100000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "inbound_hooks" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "public_key" character varying(40) NOT NULL, "target" character varying(20) NOT NULL, "object_key" character varying(40) NOT NULL DEFAULT '', "mapping" jsonb NOT NULL DEFAULT '[]', "auth_mode" character varying(10) NOT NULL, "secret_hash" character varying(64), "secret_sealed" text, "secret_prefix" character varying(16) NOT NULL DEFAULT '', "idempotency_path" character varying(200) NOT NULL DEFAULT '', "owner_id" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, "per_minute" integer NOT NULL DEFAULT 60, "received" integer NOT NULL DEFAULT 0, "replayed" integer NOT NULL DEFAULT 0, "last_received_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_inbound_hooks" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_inbound_hooks_public_key" ON "inbound_hooks" ("workspace_id", "public_key")`);
    await q.query(
      `CREATE TABLE "inbound_hook_receipts" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "hook_id" integer NOT NULL, "key" character varying(255) NOT NULL, "kind" character varying(20) NOT NULL, "record_id" integer NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_inbound_hook_receipts" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_inbound_hook_receipts_key" ON "inbound_hook_receipts" ("workspace_id", "hook_id", "key")`);
    // the retention's scan: the oldest receipts of one workspace
    await q.query(`CREATE INDEX "IDX_inbound_hook_receipts_created" ON "inbound_hook_receipts" ("workspace_id", "created_at")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "inbound_hook_receipts"`);
    await q.query(`DROP TABLE "inbound_hooks"`);
  }
}
