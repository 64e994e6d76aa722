import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trade fairs and fair leads (spec 2.5, 4.3), and the lead-status roles in the workspace constants.
 *
 * Existing workspaces get the new constants where they have none (`computed || constants`, so a key a
 * workspace already has wins): the new status is the first of its lead_statuses, the converted status
 * `Aktarıldı` when it has that status (else its first), the won status `Kazanıldı`, closed statuses the
 * converted one plus `Vazgeçildi` when present, and the fair-visit type `F2F` when it has that visit type
 * (else its first). A frozen copy of the defaults of that day.
 */
export class FairLeads1795350000000 implements MigrationInterface {
  name = 'FairLeads1795350000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fairs" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "city" character varying(100) NOT NULL DEFAULT '', "country" character varying(100) NOT NULL DEFAULT '', "venue" character varying(200) NOT NULL DEFAULT '', "stand" character varying(100) NOT NULL DEFAULT '', "start_date" date, "end_date" date, "website" character varying(300) NOT NULL DEFAULT '', "note" text NOT NULL DEFAULT '', "owner_id" integer NOT NULL, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_745a0ff69556082a0130d74e185" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ee0d88f10307f6412a8463588a" ON "fairs" ("workspace_id", "updated_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_c2581cc3a000ea194f5b8fae7d" ON "fairs" ("workspace_id", "start_date", "id")`);
    await queryRunner.query(
      `CREATE TABLE "leads" ("workspace_id" integer NOT NULL, "id" SERIAL NOT NULL, "company" character varying(200) NOT NULL, "contact_name" character varying(200) NOT NULL DEFAULT '', "title" character varying(150) NOT NULL DEFAULT '', "email" character varying(254) NOT NULL DEFAULT '', "phone" character varying(50) NOT NULL DEFAULT '', "wa" character varying(50) NOT NULL DEFAULT '', "website" character varying(300) NOT NULL DEFAULT '', "city" character varying(100) NOT NULL DEFAULT '', "sector" character varying(100) NOT NULL DEFAULT '', "supplier" character varying(200) NOT NULL DEFAULT '', "fair_id" integer, "interest" character varying(40) NOT NULL DEFAULT '', "line" character varying(100) NOT NULL DEFAULT '', "next_action" character varying(100) NOT NULL DEFAULT '', "next_date" date, "note" text NOT NULL DEFAULT '', "project_note" text NOT NULL DEFAULT '', "products" character varying(500) NOT NULL DEFAULT '', "products_text" text NOT NULL DEFAULT '', "timing" character varying(40) NOT NULL DEFAULT '', "visitor_type" character varying(40) NOT NULL DEFAULT '', "unit" character varying(16) NOT NULL DEFAULT '', "potential_kg" numeric(14,2), "opp_id" integer, "opp_type" character varying(40) NOT NULL DEFAULT '', "customer_id" integer, "task_id" integer, "status" character varying(40) NOT NULL, "owner_id" integer NOT NULL, "people" jsonb NOT NULL DEFAULT '[]', "link_customer_id" integer, "link_contact_id" integer, "contact_cid" integer, "converted_at" TIMESTAMP(3) WITH TIME ZONE, "is_sample" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_142430da46515098688b6718d67" PRIMARY KEY ("workspace_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_158dda5972b5f7d0ad65e97eff" ON "leads" ("workspace_id", "updated_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_d5fe70679b436e4f09771d8438" ON "leads" ("workspace_id", "opp_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_19fe212c52958e8d15c892bff0" ON "leads" ("workspace_id", "status", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_ff151b8fec01d0421d59c68512" ON "leads" ("workspace_id", "fair_id", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_65fa2069f6f39c17616ffadc29" ON "leads" ("workspace_id", "owner_id", "id")`);
    // `q` on leads (company or contact name contains), as for companies and people
    await queryRunner.query(`CREATE INDEX "IDX_leads_company_trgm" ON "leads" USING gin ("company" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_contact_name_trgm" ON "leads" USING gin ("contact_name" gin_trgm_ops)`);

    await queryRunner.query(
      `UPDATE "workspaces" w SET "constants" = (
         SELECT jsonb_build_object(
           'lead_status_new', COALESCE(st->>0, 'Yeni'),
           'lead_status_converted', conv,
           'lead_status_won', 'Kazanıldı',
           'lead_closed_statuses', CASE WHEN st ? 'Vazgeçildi' AND conv <> 'Vazgeçildi' THEN jsonb_build_array(conv, 'Vazgeçildi') ELSE jsonb_build_array(conv) END,
           'lead_visit_type', CASE WHEN vt ? 'F2F' THEN 'F2F' ELSE COALESCE(vt->>0, 'F2F') END
         ) || w."constants"
         FROM (SELECT COALESCE(w."constants"->'lead_statuses', '[]'::jsonb) AS st, COALESCE(w."constants"->'visit_types', '[]'::jsonb) AS vt) s,
              LATERAL (SELECT CASE WHEN st ? 'Aktarıldı' THEN 'Aktarıldı' ELSE COALESCE(st->>-1, 'Aktarıldı') END AS conv) c
       )`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "workspaces" SET "constants" = "constants" - $1::text[]`, [
      ['lead_status_new', 'lead_status_converted', 'lead_status_won', 'lead_closed_statuses', 'lead_visit_type'],
    ]);
    await queryRunner.query(`DROP INDEX "public"."IDX_leads_contact_name_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_leads_company_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_65fa2069f6f39c17616ffadc29"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ff151b8fec01d0421d59c68512"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_19fe212c52958e8d15c892bff0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d5fe70679b436e4f09771d8438"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_158dda5972b5f7d0ad65e97eff"`);
    await queryRunner.query(`DROP TABLE "leads"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c2581cc3a000ea194f5b8fae7d"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ee0d88f10307f6412a8463588a"`);
    await queryRunner.query(`DROP TABLE "fairs"`);
  }
}
