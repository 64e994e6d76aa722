import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SCIM provisioning: the identity provider's externalId (indexed: Entra filters by it), the userName as
 * sent (letter case kept) and the name parts of users.
 */
export class ScimProvisioning1795410000000 implements MigrationInterface {
  name = 'ScimProvisioning1795410000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "external_id" character varying(255)`);
    await q.query(`ALTER TABLE "users" ADD "idp_user_name" character varying(254)`);
    await q.query(`ALTER TABLE "users" ADD "given_name" character varying(100) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "users" ADD "family_name" character varying(100) NOT NULL DEFAULT ''`);
    await q.query(`CREATE INDEX "IDX_2c64dbb25778e6f84181cc58fb" ON "users" ("workspace_id", "external_id")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "IDX_2c64dbb25778e6f84181cc58fb"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "family_name"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "given_name"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "idp_user_name"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "external_id"`);
  }
}
