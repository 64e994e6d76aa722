import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replay for a connection: a delivery queued by `POST /webhooks/{id}/replay` is marked as a
 * replay in the delivery log; the index finds the deliveries of one event to one connection (the
 * original `webhook-id` and whether its last attempt failed).
 */
export class WebhookReplay1795473500000 implements MigrationInterface {
  name = 'WebhookReplay1795473500000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_deliveries" ADD "replay" boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX "IDX_webhook_deliveries_outbox" ON "webhook_deliveries" ("workspace_id", "connection_id", "outbox_id", "id")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_webhook_deliveries_outbox"`);
    await q.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "replay"`);
  }
}
