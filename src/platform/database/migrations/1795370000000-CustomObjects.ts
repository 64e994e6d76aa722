import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom objects (spec 2.10, 4.7): definitions per workspace (`object_types`, fields and relations as
 * jsonb), records with their field values as jsonb (`object_records`), and relation links indexed for
 * both directions (`object_links`: a record's own links by source, the links pointing at a record by
 * target). No foreign keys between tenant tables (docs/decisions/tenancy-and-data.md).
 */
export class CustomObjects1795370000000 implements MigrationInterface {
  name = 'CustomObjects1795370000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "object_types" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "key" character varying(40) NOT NULL, "label" character varying(100) NOT NULL, "fields" jsonb NOT NULL DEFAULT '[]', "relations" jsonb NOT NULL DEFAULT '[]', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_90284ea5f802b319dfd2ace3dec" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5b06eb1101616ed254e5d08b57" ON "object_types" ("workspace_id", "key")`);

    await queryRunner.query(
      `CREATE TABLE "object_records" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "type_id" integer NOT NULL, "name" character varying(200) NOT NULL, "owner_id" integer, "active" boolean NOT NULL DEFAULT true, "data" jsonb NOT NULL DEFAULT '{}', "is_sample" boolean NOT NULL DEFAULT false, "created_by" integer, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e6ef47f777e5d5a3fe9d54d444" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_02db3ccacf8341481fcfa2a1fe" ON "object_records" ("workspace_id", "type_id", "active", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_cc8cff08d99986ce66cf72bae5" ON "object_records" ("workspace_id", "type_id", "owner_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_446347a1a2f7d68d2597f7653a" ON "object_records" ("workspace_id", "type_id", "updated_at", "id")`);
    // `q` (ILIKE '%q%'), like the other lists; pg_trgm exists since 1795340000000-IndexesAndAggregates
    await queryRunner.query(`CREATE INDEX "IDX_object_records_name_trgm" ON "object_records" USING gin ("name" gin_trgm_ops)`);

    await queryRunner.query(
      `CREATE TABLE "object_links" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "source_type_id" integer NOT NULL, "source_id" integer NOT NULL, "relation_key" character varying(40) NOT NULL, "target_kind" character varying(20) NOT NULL, "target_id" integer NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8e70f52dc73eaeda6548a53c44a" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b8b8d3686ad50e683af8732384" ON "object_links" ("workspace_id", "source_id", "relation_key", "target_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_dad77851098ef5aae274011c27" ON "object_links" ("workspace_id", "target_kind", "target_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_55ff40968c6375bc8f61d7adee" ON "object_links" ("workspace_id", "source_type_id", "relation_key")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "object_links"`);
    await queryRunner.query(`DROP TABLE "object_records"`);
    await queryRunner.query(`DROP TABLE "object_types"`);
  }
}
