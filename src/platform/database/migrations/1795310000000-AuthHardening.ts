import { MigrationInterface, QueryRunner } from 'typeorm';

/** users.totp_last_step: the last accepted TOTP time step, so a code cannot be used twice. */
export class AuthHardening1795310000000 implements MigrationInterface {
  name = 'AuthHardening1795310000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "totp_last_step" integer`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP COLUMN "totp_last_step"`);
  }
}
