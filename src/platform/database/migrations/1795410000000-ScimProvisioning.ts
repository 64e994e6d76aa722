import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SCIM provisioning: the identity provider's externalId (indexed: Entra filters by it), the userName as
 * sent (letter case kept) and the name parts of users; password-setup invitations and the outbox of the
 * service's e-mails (its sender scans `(status, id)` across workspaces, like the event outbox).
 */
export class ScimProvisioning1795410000000 implements MigrationInterface {
  name = 'ScimProvisioning1795410000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "external_id" character varying(255)`);
    await q.query(`ALTER TABLE "users" ADD "idp_user_name" character varying(254)`);
    await q.query(`ALTER TABLE "users" ADD "given_name" character varying(100) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "users" ADD "family_name" character varying(100) NOT NULL DEFAULT ''`);
    await q.query(`CREATE INDEX "IDX_2c64dbb25778e6f84181cc58fb" ON "users" ("workspace_id", "external_id")`);
    await q.query(
      `CREATE TABLE "mail_outbox" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "kind" character varying(40) NOT NULL, "to_address" character varying(254) NOT NULL, "subject" character varying(300) NOT NULL, "body" text NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "last_error" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "claimed_at" TIMESTAMP WITH TIME ZONE, "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_577baf83b5141529e6616603b8b" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_21aaa1d97a1e8a483cf99525ed" ON "mail_outbox" ("status", "id")`);
    await q.query(
      `CREATE TABLE "invitations" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer NOT NULL, "token_hash" character(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_186e2f154815dc5a984ca0ce4bb" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_0be0017918f0c82380509eec0c" ON "invitations" ("workspace_id", "user_id")`);
    await q.query(`CREATE UNIQUE INDEX "IDX_98bcbe43ac44ffe3c8f478be08" ON "invitations" ("workspace_id", "token_hash")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "invitations"`);
    await q.query(`DROP TABLE "mail_outbox"`);
    await q.query(`DROP INDEX "IDX_2c64dbb25778e6f84181cc58fb"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "family_name"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "given_name"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "idp_user_name"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "external_id"`);
  }
}
