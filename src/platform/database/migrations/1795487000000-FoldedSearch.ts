import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search folds letters (docs/decisions/search.md, "Search folds letters"). `crm_fold(text)` maps the accented Latin
 * letters (Turkish ç ğ ı İ ö ş ü â î û first) to plain a-z, then A-Z to a-z (`lower` under the
 * "C" collation: ASCII only, the same on every server; under a Turkish locale lower('I') is ı). Immutable, no
 * extension (PGlite has no unaccent). translate() costs about 30 ns per character for each letter of its table,
 * so the function skips ASCII text, replaces the Turkish letters first and translates only what is still not
 * ASCII (other accented letters); and the folded text is
 * a stored generated column, computed once per write: a search's window tests 1,000 rows per kind, which
 * folding on every read made cost milliseconds. Trigram GIN indexes on those columns answer
 * `<col> ILIKE '%q%'`. The letters are those of src/domain/crm/shared/search.ts (FOLD_TURKISH / FOLD_REST),
 * which folds the query; this migration keeps its own copy (test/unit/search/search.spec.ts compares them).
 */
const TURKISH_FROM = 'çÇğĞıİîÎöÖşŞüÜûÛâÂ';
const TURKISH_TO = 'ccggiiiioossuuuuaa';
const REST_FROM = 'ÀÁÃÄÅĀĂĄàáãäåāăąĆĈĊČćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĠĢĝġģĤĦĥħÌÍÏĨĪĬĮìíïĩīĭįĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕØŌŎŐòóôõøōŏőŔŖŘŕŗřŚŜŠśŝšßŢŤŦţťŧÙÚŨŪŬŮŰŲùúũūŭůűųŴŵÝŶŸýÿŷŹŻŽźżž';
const REST_TO = 'aaaaaaaaaaaaaaaaccccccccddddeeeeeeeeeeeeeeeeeegggggghhhhiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooorrrrrrsssssssttttttuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz';
const NON_ASCII = `'[^\\x01-\\x7f]'`;

/**
 * The Turkish letters as nested replace() calls: about 2 ns per character each, where translate() over the
 * same 18 letters took 570 ns per character (it walks its whole table for every character).
 */
const turkish = (arg: string) => [...TURKISH_FROM].reduce((e, ch, i) => `replace(${e}, '${ch}', '${[...TURKISH_TO][i]}')`, arg);

/** table, column, the text it folds, index */
const FOLDED: [string, string, string, string][] = [
  ['companies', 'name_fold', '"name"', 'IDX_companies_name_fold'],
  ['people', 'name_fold', '"name"', 'IDX_people_name_fold'],
  ['opportunities', 'name_fold', '"name"', 'IDX_opportunities_name_fold'],
  ['tasks', 'text_fold', `"title" || ' ' || "description"`, 'IDX_tasks_text_fold'],
  ['activities', 'text_fold', `"topic" || ' ' || "note" || ' ' || "next_action" || ' ' || "outcome"`, 'IDX_activities_text_fold'],
  ['orders', 'po_fold', '"customer_po"', 'IDX_orders_po_fold'],
];

export class FoldedSearch1795487000000 implements MigrationInterface {
  name = 'FoldedSearch1795487000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(
      `CREATE FUNCTION crm_fold_rest(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ ` +
        `SELECT CASE WHEN t ~ ${NON_ASCII} THEN translate(t, '${REST_FROM}', '${REST_TO}') ELSE t END $$`,
    );
    await q.query(
      `CREATE FUNCTION crm_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$ ` +
        `SELECT lower(CASE WHEN t ~ ${NON_ASCII} THEN crm_fold_rest(${turkish('t')}) ELSE t END COLLATE "C") $$`,
    );
    await q.query(`DROP INDEX IF EXISTS "IDX_opportunities_name_trgm"`);
    await q.query(`DROP INDEX IF EXISTS "IDX_companies_name_trgm"`);
    await q.query(`DROP INDEX IF EXISTS "IDX_people_name_trgm"`);
    for (const [table, column, text, index] of FOLDED) {
      await q.query(`ALTER TABLE "${table}" ADD "${column}" text GENERATED ALWAYS AS (crm_fold(${text})) STORED`);
      await q.query(`CREATE INDEX "${index}" ON "${table}" USING gin ("${column}" gin_trgm_ops)`);
    }
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const [table, column, , index] of FOLDED) {
      await q.query(`DROP INDEX IF EXISTS "${index}"`);
      await q.query(`ALTER TABLE "${table}" DROP COLUMN "${column}"`);
    }
    await q.query(`CREATE INDEX "IDX_opportunities_name_trgm" ON "opportunities" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops)`);
    await q.query(`CREATE INDEX "IDX_people_name_trgm" ON "people" USING gin ("name" gin_trgm_ops)`);
    await q.query(`DROP FUNCTION IF EXISTS crm_fold(text)`);
    await q.query(`DROP FUNCTION IF EXISTS crm_fold_rest(text)`);
  }
}
