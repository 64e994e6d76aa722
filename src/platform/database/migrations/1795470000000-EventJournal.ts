import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event journal (GET /api/v1/events): every outbox event carries the id of the transaction
 * that wrote it (`pg_current_xact_id()`, 64 bits, as bigint), and readers page on (txid, id) up to the
 * oldest transaction still in flight (docs/decisions/webhooks-and-events.md). The index serves the page:
 * workspace, then the journal order.
 */
export class EventJournal1795470000000 implements MigrationInterface {
  name = 'EventJournal1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD "txid" bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint)`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_events_journal" ON "outbox_events" ("workspace_id", "txid", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_outbox_events_journal"`);
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "txid"`);
  }
}
