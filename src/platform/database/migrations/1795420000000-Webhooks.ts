import { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbound webhook connections and their delivery log (spec 6). */
export class Webhooks1795420000000 implements MigrationInterface {
  name = 'Webhooks1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_connections" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "kind" character varying(20) NOT NULL DEFAULT 'webhook', "url" character varying(2000) NOT NULL, "events" text array NOT NULL DEFAULT '{}', "active" boolean NOT NULL DEFAULT true, "signing_key" text NOT NULL, "last_status" integer, "last_error" character varying(300), "last_ok" boolean, "last_event" character varying(40), "last_at" TIMESTAMP WITH TIME ZONE, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_webhook_connections" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_webhook_connections_active" ON "webhook_connections" ("workspace_id", "active")`);
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "connection_id" integer NOT NULL, "event" character varying(40) NOT NULL, "outbox_id" integer, "message_id" character varying(64) NOT NULL, "resend_of" integer, "body" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "ok" boolean, "http_status" integer, "error" character varying(300), "duration_ms" integer, "response" character varying(512) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "claimed_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_status" ON "webhook_deliveries" ("status", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_connection" ON "webhook_deliveries" ("workspace_id", "connection_id", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_connections"`);
  }
}
