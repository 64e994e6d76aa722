import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly visit and task targets become workspace constants (`weekly_visit_target`, `weekly_task_target`),
 * which admins set (docs/decisions/reports.md, "Weekly targets"). Existing workspaces get the values that were
 * fixed in the code until now (10 visits, 15 tasks), so Today and the activity report show the same as before.
 */
export class WeeklyTargets1795493200000 implements MigrationInterface {
  name = 'WeeklyTargets1795493200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "workspaces" SET "constants" = '{"weekly_visit_target": 10, "weekly_task_target": 15}'::jsonb || "constants"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE "workspaces" SET "constants" = "constants" - 'weekly_visit_target' - 'weekly_task_target'`);
  }
}
