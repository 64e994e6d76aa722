import { MigrationInterface, QueryRunner } from 'typeorm';

/** A webhook connection's optional filter on the events' `data`; null delivers every subscribed event. */
export class WebhookFilters1795475000000 implements MigrationInterface {
  name = 'WebhookFilters1795475000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_connections" ADD "filter" jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_connections" DROP COLUMN "filter"`);
  }
}
