import { MigrationInterface, QueryRunner } from 'typeorm';

/** Record-creation connections (spec 6.5): the product's target and its sealed token. */
export class RecordConnections1795478000000 implements MigrationInterface {
  name = 'RecordConnections1795478000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_connections" ADD "config" jsonb`);
    await q.query(`ALTER TABLE "webhook_connections" ADD "token" text`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "webhook_connections" DROP COLUMN "token"`);
    await q.query(`ALTER TABLE "webhook_connections" DROP COLUMN "config"`);
  }
}
