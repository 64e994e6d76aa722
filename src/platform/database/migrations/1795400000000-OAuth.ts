import { MigrationInterface, QueryRunner } from 'typeorm';

/** OAuth 2.1 authorization server: registered clients, grants (one per user and app), authorization codes; credentials by grant. */
export class OAuth1795400000000 implements MigrationInterface {
    name = 'OAuth1795400000000';

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "oauth_clients" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "client_id" character varying(64) NOT NULL, "client_name" character varying(200) NOT NULL, "redirect_uris" text array NOT NULL, "token_endpoint_auth_method" character varying(24) NOT NULL, "secret_hash" character(64), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "authorized_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b40f177f4f6e37b80933717bba7" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_0faad5440258899f449fa4935e" ON "oauth_clients"  ("workspace_id", "created_at") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_f76a6a17582c437aad3aa0fe2a" ON "oauth_clients"  ("workspace_id", "client_id") `);
        await queryRunner.query(`CREATE TABLE "oauth_codes" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "code_hash" character(64) NOT NULL, "grant_id" integer NOT NULL, "user_id" integer NOT NULL, "client_id" character varying(2048) NOT NULL, "redirect_uri" character varying(2048) NOT NULL, "code_challenge" character varying(64) NOT NULL, "scopes" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_946c680150cee8529c9bedc4db9" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_e5c233dae915c4ea6849da81a4" ON "oauth_codes"  ("workspace_id", "expires_at") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_d942506f4a7122e240d164acc5" ON "oauth_codes"  ("workspace_id", "code_hash") `);
        await queryRunner.query(`CREATE TABLE "oauth_grants" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer NOT NULL, "client_id" character varying(2048) NOT NULL, "client_name" character varying(200) NOT NULL, "scopes" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "call_count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_54f8cc8e7f5e7a44da1e6e17e3b" PRIMARY KEY ("workspace_id", "id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_f09a7dbc92f6d41c41c45d04e5" ON "oauth_grants"  ("workspace_id", "user_id", "client_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_b9ec0a08b6e696b2b6d58630a1" ON "credentials"  ("workspace_id", "grant_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_b9ec0a08b6e696b2b6d58630a1"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f09a7dbc92f6d41c41c45d04e5"`);
        await queryRunner.query(`DROP TABLE "oauth_grants"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_d942506f4a7122e240d164acc5"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_e5c233dae915c4ea6849da81a4"`);
        await queryRunner.query(`DROP TABLE "oauth_codes"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f76a6a17582c437aad3aa0fe2a"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_0faad5440258899f449fa4935e"`);
        await queryRunner.query(`DROP TABLE "oauth_clients"`);
    }

}
