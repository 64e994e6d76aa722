import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflows (spec 6.1 names them as an origin of changes): rules and their versions, runs with each
 * action's outcome, the engine's read position in each workspace's outbox, the records a time trigger
 * fired for; and the origin of an outbox event (which rule's run made the change, at which depth).
 */
export class Workflows1795491000000 implements MigrationInterface {
  name = 'Workflows1795491000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "workflows" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "version" integer NOT NULL DEFAULT 1, "enabled" boolean NOT NULL DEFAULT false, "disabled_reason" character varying(300) NOT NULL DEFAULT '', "trigger_kind" character varying(10) NOT NULL, "trigger_event" character varying(40) NOT NULL DEFAULT '', "trigger" jsonb NOT NULL, "conditions" jsonb, "actions" jsonb NOT NULL DEFAULT '[]', "template" character varying(60) NOT NULL DEFAULT '', "last_assignee_id" integer, "created_by_id" integer NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_workflows" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_workflows_enabled" ON "workflows" ("workspace_id", "enabled")`);
    await q.query(
      `CREATE TABLE "workflow_versions" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "workflow_id" integer NOT NULL, "version" integer NOT NULL, "definition" jsonb NOT NULL, "created_by_id" integer NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_workflow_versions" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_workflow_versions" ON "workflow_versions" ("workspace_id", "workflow_id", "version")`);
    await q.query(
      `CREATE TABLE "workflow_runs" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "workflow_id" integer NOT NULL, "version" integer NOT NULL, "trigger_kind" character varying(10) NOT NULL, "trigger_ref" character varying(60) NOT NULL DEFAULT '', "event_id" integer, "event_data" jsonb NOT NULL DEFAULT '{}', "record_kind" character varying(20) NOT NULL, "record_id" integer NOT NULL, "depth" integer NOT NULL DEFAULT 1, "status" character varying(10) NOT NULL DEFAULT 'pending', "steps" jsonb NOT NULL DEFAULT '[]', "next_step" integer NOT NULL DEFAULT 0, "attempts" integer NOT NULL DEFAULT 0, "due_at" TIMESTAMP(3) WITH TIME ZONE, "claimed_at" TIMESTAMP(3) WITH TIME ZONE, "error" character varying(300) NOT NULL DEFAULT '', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "PK_workflow_runs" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_workflow_runs_rule" ON "workflow_runs" ("workspace_id", "workflow_id", "id")`);
    await q.query(`CREATE INDEX "IDX_workflow_runs_record" ON "workflow_runs" ("workspace_id", "record_kind", "record_id", "id")`);
    // the engine's claim: runs to do across workspaces (a partial index stays as small as the queue)
    await q.query(`CREATE INDEX "IDX_workflow_runs_due" ON "workflow_runs" ("status", "due_at") WHERE status IN ('pending', 'waiting', 'running')`);
    await q.query(
      `CREATE TABLE "workflow_cursors" ("workspace_id" integer NOT NULL, "txid" bigint NOT NULL, "event_id" integer NOT NULL, "claimed_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "PK_workflow_cursors" PRIMARY KEY ("workspace_id"))`,
    );
    await q.query(
      `CREATE TABLE "workflow_fired" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "workflow_id" integer NOT NULL, "version" integer NOT NULL, "record_id" integer NOT NULL, CONSTRAINT "PK_workflow_fired" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_workflow_fired" ON "workflow_fired" ("workspace_id", "workflow_id", "version", "record_id")`);
    await q.query(`ALTER TABLE "outbox_events" ADD "origin" jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "outbox_events" DROP COLUMN "origin"`);
    for (const t of ['workflow_fired', 'workflow_cursors', 'workflow_runs', 'workflow_versions', 'workflows']) await q.query(`DROP TABLE "${t}"`);
  }
}
