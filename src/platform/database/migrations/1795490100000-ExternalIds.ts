import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables that take another system's key (docs/decisions/import-export.md, "external_id"). */
const TABLES = ['companies', 'people', 'opportunities', 'leads'];

/**
 * `external_id`: the record's key in the system it came from (an old CRM, a spreadsheet), kept so an import
 * can match on it again. Nullable, at most one record per key in a workspace and table (partial index: records
 * without a key are not compared).
 */
export class ExternalIds1795490100000 implements MigrationInterface {
  name = 'ExternalIds1795490100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      await queryRunner.query(`ALTER TABLE "${t}" ADD "external_id" character varying(200)`);
      await queryRunner.query(`CREATE UNIQUE INDEX "UQ_${t}_external_id" ON "${t}" ("workspace_id", "external_id") WHERE "external_id" IS NOT NULL`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of TABLES) {
      await queryRunner.query(`DROP INDEX "UQ_${t}_external_id"`);
      await queryRunner.query(`ALTER TABLE "${t}" DROP COLUMN "external_id"`);
    }
  }
}
