import { z } from 'zod';
import type { importJobView } from '../../../domain/crm/imports/import.view';
import { example, f, named, type Assert, type Conforms } from '../../../edge/openapi/schema';

const Counts = named(
  'ImportCounts',
  z.object({ created: f.count(), updated: f.count(), skipped: f.count(), refused: f.count() }),
  { description: 'Rows of one target that were (or in a dry run would be) created, updated, skipped (matched in skip mode, or nothing to change) and refused.' },
);

const ImportColumn = named(
  'ImportColumn',
  z.object({
    header: z.string().meta({ description: "the header cell ('column N' when empty)" }),
    samples: z.array(z.string()).meta({ description: 'the first 20 non-empty values, for the mapping screen' }),
    suggested: z
      .record(z.string(), z.string().nullable())
      .meta({ description: "the field the header suggests per target (companies, people, opportunities, leads, tasks, and object:<key> for each custom object: English and Turkish synonyms, the REST field names, a custom field's label), null when none" }),
    field: z.string().nullable().meta({ description: 'the field the mapping gives this column; null when not imported or not mapped yet' }),
  }),
);

export const ImportJobSchema = named(
  'ImportJob',
  z.object({
    id: f.id(),
    state: z.enum(['uploaded', 'mapped', 'validating', 'validated', 'running', 'completed', 'failed', 'cancelled', 'reverting', 'reverted']),
    file_name: z.string(),
    format: z.enum(['csv', 'xlsx']),
    encoding: z.string().nullable().meta({ description: 'the detected text encoding of a CSV (utf-8, utf-16le, utf-16be, windows-1254, windows-1252); null for XLSX' }),
    delimiter: z.string().nullable().meta({ description: 'the detected CSV delimiter (`,` `;` or a tab); null for XLSX' }),
    size: f.count().meta({ description: 'bytes' }),
    total_rows: f.count().meta({ description: 'data rows (the header not counted)' }),
    rows_done: f.count().meta({ description: 'rows the current dry run, run or revert has done (progress)' }),
    target: z.string().nullable().meta({ description: 'companies, people, opportunities, leads, tasks, or object:<key> (a custom object)' }),
    mode: z.enum(['create', 'update', 'upsert', 'skip']).nullable(),
    match_key: z.string().nullable(),
    columns: z.array(ImportColumn),
    validation: z.record(z.string(), Counts).nullable().meta({ description: 'the dry run: counts per target (a people, opportunities or tasks import also counts the companies it creates)' }),
    result: z.record(z.string(), Counts).nullable().meta({ description: 'the run: counts per target; equal to the dry run when nothing changed in between' }),
    revert: z
      .object({
        deleted: f.count(),
        restored: f.count(),
        kept_count: f.count(),
        kept: z.array(z.object({ target: z.string(), id: f.id(), row: f.count(), reason: z.string() })).meta({ description: 'records left alone (changed or used since the import), at most 1000' }),
      })
      .nullable(),
    remembered_mapping: z
      .object({ job_id: f.id(), target: z.string(), mode: z.enum(['create', 'update', 'upsert', 'skip']), match_key: z.string(), fields: z.array(z.string().nullable()) })
      .nullable()
      .meta({ description: "on an unmapped job: the mapping of the workspace's latest job whose file had the same headers, to offer again (send it to PUT …/mapping); null otherwise and in lists" }),
    error: z.string().nullable().meta({ description: 'why a job failed' }),
    created_by: f.id(),
    created_at: f.timestamp(),
    finished_at: f.timestamp().nullable(),
  }),
  { description: 'An import job (docs/decisions/import.md).' },
);

const jobExample = example(ImportJobSchema, {
  id: 4, state: 'validated', file_name: 'firmalar.csv', format: 'csv', encoding: 'windows-1254', delimiter: ';', size: 18220, total_rows: 250, rows_done: 250,
  target: 'companies', mode: 'upsert', match_key: 'name',
  columns: [{ header: 'Firma Adı', samples: ['Acme A.Ş.', 'Beta Plastik'], suggested: { companies: 'name', people: 'company', opportunities: 'company', leads: 'company', tasks: 'company' }, field: 'name' }],
  validation: { companies: { created: 240, updated: 6, skipped: 0, refused: 4 } }, result: null, revert: null, remembered_mapping: null, error: null, created_by: 2,
  created_at: '2026-11-26T09:30:00', finished_at: null,
});

export const ImportJobResponse = named('ImportJobResponse', z.object({ ok: f.ok(), import: ImportJobSchema }), { example: { ok: true, import: jobExample } });
export const ImportJobList = named('ImportJobList', z.object({ ok: f.ok(), items: z.array(ImportJobSchema).meta({ description: 'newest first; at most 100' }) }), {
  description: "The workspace's import jobs.",
  example: { ok: true, items: [jobExample] },
});
export const ImportErrorsCsv = named('ImportErrorsCsv', z.string().meta({ description: 'the refused rows as the original cells plus an `error` column (UTF-8 with BOM, comma-separated)' }), {
  example: '\ufeffFirma Adı,Durum,error\nAcme,Hot,"Durum: must be one of Prospect, Customer (unknown_value)"\n',
});

/** The domain's read model is what this schema documents (src/domain/crm/imports/import.view.ts). */
export type ImportJobViewFits = Assert<Conforms<ReturnType<typeof importJobView>, typeof ImportJobSchema>>;
