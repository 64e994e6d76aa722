import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail: a user's mailbox gets a provider (`imap_smtp` now; OAuth providers later), its
 * server settings, the sealed passwords and the IMAP sync position (UIDVALIDITY / next UID); e-mail
 * threads filed on a company (and opportunity) and their messages, sent and received; opportunities
 * count their threads (spec 2.6 `threads_n`).
 */
export class MailboxConnections1795484000000 implements MigrationInterface {
  name = 'MailboxConnections1795484000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "mailboxes" ADD "provider" character varying(20) NOT NULL DEFAULT 'none'`);
    await q.query(`ALTER TABLE "mailboxes" ADD "settings" jsonb`);
    await q.query(`ALTER TABLE "mailboxes" ADD "secret" text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "mailboxes" ADD "imap_uid_validity" bigint`);
    await q.query(`ALTER TABLE "mailboxes" ADD "imap_uid_next" bigint`);
    await q.query(`ALTER TABLE "mailboxes" ADD "synced_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "mailboxes" ADD "sync_error" character varying(500) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "opportunities" ADD "threads_n" integer NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE TABLE "email_threads" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "subject" character varying(500) NOT NULL DEFAULT '', "customer_id" integer NOT NULL, "opp_id" integer, "user_id" integer NOT NULL, "messages_n" integer NOT NULL DEFAULT 0, "last_message_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_email_threads" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE INDEX "IDX_email_threads_customer" ON "email_threads" ("workspace_id", "customer_id", "last_message_at")`);
    await q.query(`CREATE INDEX "IDX_email_threads_opp" ON "email_threads" ("workspace_id", "opp_id", "last_message_at")`);
    await q.query(
      `CREATE TABLE "email_messages" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "thread_id" integer NOT NULL, "user_id" integer NOT NULL, "direction" character varying(3) NOT NULL, "state" character varying(10) NOT NULL, "error" character varying(500) NOT NULL DEFAULT '', "message_id" character varying(500) NOT NULL, "in_reply_to" character varying(500) NOT NULL DEFAULT '', "references" text NOT NULL DEFAULT '', "from_email" character varying(254) NOT NULL DEFAULT '', "from_name" character varying(200) NOT NULL DEFAULT '', "to" jsonb NOT NULL DEFAULT '[]', "cc" jsonb NOT NULL DEFAULT '[]', "subject" character varying(500) NOT NULL DEFAULT '', "text" text NOT NULL DEFAULT '', "html" text NOT NULL DEFAULT '', "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_email_messages" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "UQ_email_messages_message_id" ON "email_messages" ("workspace_id", "message_id")`);
    await q.query(`CREATE INDEX "IDX_email_messages_thread" ON "email_messages" ("workspace_id", "thread_id", "at")`);
    await q.query(`CREATE INDEX "IDX_email_messages_queued" ON "email_messages" ("workspace_id", "state", "id")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "email_messages"`);
    await q.query(`DROP TABLE "email_threads"`);
    await q.query(`ALTER TABLE "opportunities" DROP COLUMN "threads_n"`);
    for (const c of ['sync_error', 'synced_at', 'imap_uid_next', 'imap_uid_validity', 'secret', 'settings', 'provider']) await q.query(`ALTER TABLE "mailboxes" DROP COLUMN "${c}"`);
  }
}
