import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a user chose for the web app; null means the workspace's language. */
export class UserLocale1795460000000 implements MigrationInterface {
  name = 'UserLocale1795460000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "locale" character varying(8)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "locale"`);
  }
}
