import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search folds letters (docs/decisions.md, "Search folds letters"): `crm_fold(text)` maps A-Z and the accented
 * Latin letters (Turkish ç ğ ı İ ö ş ü included) to plain lower-case a-z with translate(), which is immutable and
 * needs no extension (PGlite has no unaccent). Trigram GIN indexes over the folded text answer
 * `crm_fold(col) ILIKE '%q%'`: names of companies, people and opportunities (replacing the plain name indexes),
 * the text of tasks and activities, and orders' customer PO numbers. The same table is in
 * src/domain/crm/shared/search.ts (FOLD_FROM / FOLD_TO), which folds the query; this migration keeps its own copy.
 */
const FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšßŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŶŸýÿŷŹŻŽźżž';
const TO = 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrsssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz';

export class FoldedSearch1795487000000 implements MigrationInterface {
  name = 'FoldedSearch1795487000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(
      `CREATE OR REPLACE FUNCTION crm_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT translate(t, '${FROM}', '${TO}') $$`,
    );
    await q.query(`DROP INDEX IF EXISTS "IDX_opportunities_name_trgm"`);
    await q.query(`DROP INDEX IF EXISTS "IDX_companies_name_trgm"`);
    await q.query(`DROP INDEX IF EXISTS "IDX_people_name_trgm"`);
    await q.query(`CREATE INDEX "IDX_opportunities_name_fold" ON "opportunities" USING gin (crm_fold("name") gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_companies_name_fold" ON "companies" USING gin (crm_fold("name") gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_people_name_fold" ON "people" USING gin (crm_fold("name") gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_tasks_text_fold" ON "tasks" USING gin (crm_fold("title" || ' ' || "description") gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX "IDX_activities_text_fold" ON "activities" USING gin (crm_fold("topic" || ' ' || "note" || ' ' || "next_action" || ' ' || "outcome") gin_trgm_ops)`,
    );
    await q.query(`CREATE INDEX "IDX_orders_po_fold" ON "orders" USING gin (crm_fold("customer_po") gin_trgm_ops)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const i of ['orders_po', 'activities_text', 'tasks_text', 'people_name', 'companies_name', 'opportunities_name']) await q.query(`DROP INDEX IF EXISTS "IDX_${i}_fold"`);
    await q.query(`CREATE INDEX "IDX_opportunities_name_trgm" ON "opportunities" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_people_name_trgm" ON "people" USING gin ("name" gin_trgm_ops)`);
    await q.query(`DROP FUNCTION IF EXISTS crm_fold(text)`);
  }
}
