import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly forecast snapshots (docs/decisions/reports.md, "Weekly snapshots and accuracy"): one claimed row per
 * workspace and week (its primary key lets one instance take the week's snapshot), and the forecast of that week
 * by month × owner × forecast category.
 */
export class ForecastSnapshots1795492200000 implements MigrationInterface {
  name = 'ForecastSnapshots1795492200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "forecast_snapshot_weeks" ("workspace_id" integer NOT NULL, "week" date NOT NULL, "as_of" date NOT NULL, "first_month" character varying(7) NOT NULL, "last_month" character varying(7) NOT NULL, "taken_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_forecast_snapshot_weeks" PRIMARY KEY ("workspace_id", "week"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "forecast_snapshots" ("workspace_id" integer NOT NULL, "week" date NOT NULL, "month" character varying(7) NOT NULL, "owner_id" integer NOT NULL, "category" character varying(40) NOT NULL, "open_count" integer NOT NULL DEFAULT 0, "open_cents" bigint NOT NULL DEFAULT 0, "weighted_cents" bigint NOT NULL DEFAULT 0, "won_count" integer NOT NULL DEFAULT 0, "won_cents" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_forecast_snapshots" PRIMARY KEY ("workspace_id", "week", "month", "owner_id", "category"), CONSTRAINT "FK_forecast_snapshots_week" FOREIGN KEY ("workspace_id", "week") REFERENCES "forecast_snapshot_weeks" ("workspace_id", "week") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "forecast_snapshots"`);
    await queryRunner.query(`DROP TABLE "forecast_snapshot_weeks"`);
  }
}
