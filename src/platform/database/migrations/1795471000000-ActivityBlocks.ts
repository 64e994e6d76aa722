import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the Quick Entry form's blocks held on a visit: block key -> field key -> value. */
export class ActivityBlocks1795471000000 implements MigrationInterface {
  name = 'ActivityBlocks1795471000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "activities" ADD "blocks" jsonb NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "activities" DROP COLUMN "blocks"`);
  }
}
