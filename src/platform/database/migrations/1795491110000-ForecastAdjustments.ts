import { MigrationInterface, QueryRunner } from 'typeorm';

/** Managers' adjusted forecasts per user or team, period and forecast category (docs/decisions/reports.md). */
export class ForecastAdjustments1795491110000 implements MigrationInterface {
  name = 'ForecastAdjustments1795491110000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "forecast_adjustments" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "user_id" integer, "team" character varying(100), "period" character varying(7) NOT NULL, "category" character varying(40) NOT NULL, "amount" numeric(16,2) NOT NULL, "note" character varying(2000) NOT NULL DEFAULT '', "set_by" integer, "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_forecast_adjustments" PRIMARY KEY ("workspace_id", "id"), CONSTRAINT "CHK_forecast_adjustments_subject" CHECK (("user_id" IS NULL) <> ("team" IS NULL)))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_forecast_adjustments_user" ON "forecast_adjustments" ("workspace_id", "user_id", "period", "category") WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_forecast_adjustments_team" ON "forecast_adjustments" ("workspace_id", "team", "period", "category") WHERE "team" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "forecast_adjustments"`);
  }
}
