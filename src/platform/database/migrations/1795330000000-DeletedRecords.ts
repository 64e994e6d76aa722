import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tombstones of hard-deleted activities, tasks and calendar entries (GET /api/v1/deleted). */
export class DeletedRecords1795330000000 implements MigrationInterface {
  name = 'DeletedRecords1795330000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "deleted_records" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "record_type" character varying(20) NOT NULL, "record_id" integer NOT NULL, "owner_id" integer NOT NULL, "user_ids" integer array NOT NULL DEFAULT '{}', "deleted_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5ce2e0eb14bd58e446a163bd95b" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ea0911c4c6f0cb6ce0d428d68e" ON "deleted_records" ("workspace_id", "deleted_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_69fd15fabdd861e8cc66f9e687" ON "deleted_records" ("workspace_id", "record_type", "deleted_at", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_69fd15fabdd861e8cc66f9e687"`);
    await queryRunner.query(`DROP INDEX "IDX_ea0911c4c6f0cb6ce0d428d68e"`);
    await queryRunner.query(`DROP TABLE "deleted_records"`);
  }
}
