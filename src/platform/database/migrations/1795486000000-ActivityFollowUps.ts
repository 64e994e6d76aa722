import { MigrationInterface, QueryRunner } from 'typeorm';

/** The task a visit's next step became (activities/follow-up.ts): editing the visit updates that task, never a second one. */
export class ActivityFollowUps1795486000000 implements MigrationInterface {
  name = 'ActivityFollowUps1795486000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "activities" ADD "follow_up_task_id" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "activities" DROP COLUMN "follow_up_task_id"`);
  }
}
