import { MigrationInterface, QueryRunner } from 'typeorm';

/** ERP queue supersession: an entry's ERP order gets a new version when the order's customer, lines or PO changed after it was queued. */
export class ErpVersions1795477000000 implements MigrationInterface {
  name = 'ErpVersions1795477000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "erp_queue" ADD "version" integer NOT NULL DEFAULT 1`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "erp_queue" DROP COLUMN "version"`);
  }
}
