import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password links: the invitations table also holds "forgot password" reset links.
 * `purpose` tells them apart, so a reset request (anyone can make one) replaces only open reset links
 * and never the longer-lived invitation of a user who has not set a password yet.
 */
export class PasswordLinks1795445000000 implements MigrationInterface {
  name = 'PasswordLinks1795445000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invitations" ADD "purpose" character varying(16) NOT NULL DEFAULT 'invitation'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "invitations" DROP COLUMN "purpose"`);
  }
}
