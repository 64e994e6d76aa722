import { z } from 'zod';
import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import { field, maskOf } from '../../../platform/common/record-fields';
import type { ImportJob } from './import-job.entity';
import type { ImportView } from './imports.service';

/**
 * The read model of an import job (docs/decisions/import.md): the file's shape, the mapping, the state and the
 * counts, with its schema. REST documents it as ImportJob (`src/interfaces/rest/imports/import.schema.ts`), and MCP
 * answers and describes the compact projection (`import_status`, below): a field is declared and mapped here once.
 */

type Format = 'csv' | 'xlsx';
type Mode = 'create' | 'update' | 'upsert' | 'skip';

/** Rows of one target (REST names it ImportCounts). */
export const ImportCountsSchema = z.object({ created: field.count(), updated: field.count(), skipped: field.count(), refused: field.count() });
export const IMPORT_COUNTS_DESCRIPTION = 'Rows of one target that were (or in a dry run would be) created, updated, skipped (matched in skip mode, or nothing to change) and refused.';

/** A column of the file (REST names it ImportColumn). */
export const ImportColumnSchema = z.object({
  header: z.string().meta({ description: "the header cell ('column N' when empty)" }),
  samples: z.array(z.string()).meta({ description: 'the first 20 non-empty values, for the mapping screen' }),
  suggested: z
    .record(z.string(), z.string().nullable())
    .meta({ description: "the field the header suggests per target (companies, people, opportunities, leads, tasks, and object:<key> for each custom object: English and Turkish synonyms, the REST field names, a custom field's label), null when none" }),
  field: z.string().nullable().meta({ description: 'the field the mapping gives this column; null when not imported or not mapped yet' }),
});

/** An import job (REST names it ImportJob). */
export const ImportJobRecord = z.object({
  id: field.id(),
  state: z.enum(['uploaded', 'mapped', 'validating', 'validated', 'running', 'completed', 'failed', 'cancelled', 'reverting', 'reverted']),
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().nullable().meta({ description: 'the detected text encoding of a CSV (utf-8, utf-16le, utf-16be, windows-1254, windows-1252); null for XLSX' }),
  delimiter: z.string().nullable().meta({ description: 'the detected CSV delimiter (`,` `;` or a tab); null for XLSX' }),
  size: field.count().meta({ description: 'bytes' }),
  total_rows: field.count().meta({ description: 'data rows (the header not counted)' }),
  rows_done: field.count().meta({ description: 'rows the current dry run, run or revert has done (progress)' }),
  target: z.string().nullable().meta({ description: 'companies, people, opportunities, leads, tasks, or object:<key> (a custom object)' }),
  mode: z.enum(['create', 'update', 'upsert', 'skip']).nullable(),
  match_key: z.string().nullable(),
  columns: z.array(ImportColumnSchema),
  validation: z.record(z.string(), ImportCountsSchema).nullable().meta({ description: 'the dry run: counts per target (a people, opportunities or tasks import also counts the companies it creates)' }),
  result: z.record(z.string(), ImportCountsSchema).nullable().meta({ description: 'the run: counts per target; equal to the dry run when nothing changed in between' }),
  revert: z
    .object({
      deleted: field.count(),
      restored: field.count(),
      kept_count: field.count(),
      kept: z.array(z.object({ target: z.string(), id: field.id(), row: field.count(), reason: z.string() })).meta({ description: 'records left alone (changed or used since the import), at most 1000' }),
    })
    .nullable(),
  remembered_mapping: z
    .object({ job_id: field.id(), target: z.string(), mode: z.enum(['create', 'update', 'upsert', 'skip']), match_key: z.string(), fields: z.array(z.string().nullable()) })
    .nullable()
    .meta({ description: "on an unmapped job: the mapping of the workspace's latest job whose file had the same headers, to offer again (send it to PUT …/mapping); null otherwise and in lists" }),
  error: z.string().nullable().meta({ description: 'why a job failed' }),
  created_by: field.id(),
  created_at: field.timestamp(),
  finished_at: field.timestamp().nullable(),
});
export const IMPORT_JOB_EXAMPLE: z.output<typeof ImportJobRecord> = {
  id: 4, state: 'validated', file_name: 'firmalar.csv', format: 'csv', encoding: 'windows-1254', delimiter: ';', size: 18220, total_rows: 250, rows_done: 250,
  target: 'companies', mode: 'upsert', match_key: 'name',
  columns: [{ header: 'Firma Adı', samples: ['Acme A.Ş.', 'Beta Plastik'], suggested: { companies: 'name', people: 'company', opportunities: 'company', leads: 'company', tasks: 'company' }, field: 'name' }],
  validation: { companies: { created: 240, updated: 6, skipped: 0, refused: 4 } }, result: null, revert: null, remembered_mapping: null, error: null, created_by: 2,
  created_at: '2026-11-26T09:30:00', finished_at: null,
};

/** One import job; `suggestions` and the remembered mapping only where the caller loaded them. */
export const importJobView = (v: ImportView, ws: Workspace): z.output<typeof ImportJobRecord> => {
  const j = v.job;
  return {
    id: j.id,
    state: j.state,
    file_name: j.fileName,
    format: j.format as Format,
    encoding: j.encoding,
    delimiter: j.delimiter,
    size: j.size,
    total_rows: j.totalRows,
    rows_done: j.rowsDone,
    target: j.target,
    mode: j.mode as Mode | null,
    match_key: j.matchKey,
    columns: j.columns.map((c, i) => ({ header: c.header, samples: c.samples, suggested: Object.fromEntries(Object.entries(v.suggestions).map(([t, s]) => [t, s[i] ?? null])), field: j.mapping?.[i] ?? null })),
    validation: j.validation,
    result: j.result,
    revert: j.revert ? { deleted: j.revert.deleted ?? 0, restored: j.revert.restored ?? 0, kept_count: j.revert.kept_count ?? 0, kept: j.revert.kept ?? [] } : null,
    remembered_mapping: v.remembered
      ? { job_id: v.remembered.jobId, target: v.remembered.target, mode: v.remembered.mode as Mode, match_key: v.remembered.matchKey, fields: v.remembered.fields }
      : null,
    error: j.error,
    created_by: j.userId,
    created_at: formatTimestamp(j.createdAt, ws.timezone),
    finished_at: j.finishedAt ? formatTimestamp(j.finishedAt, ws.timezone) : null,
  };
};

/** A list of jobs, without column suggestions. */
export const importJobListView = (jobs: ImportJob[], ws: Workspace) => jobs.map((job) => importJobView({ job, suggestions: {} }, ws));

/** The job's state, counts and progress as the tools answer it (`import_status`): no columns, the revert's counts only. */
export const ImportJobCompact = ImportJobRecord.omit(maskOf(['format', 'encoding', 'delimiter', 'size', 'columns', 'remembered_mapping'])).extend({
  revert: z.object({ deleted: field.count(), restored: field.count(), kept_count: field.count() }).nullable().meta({ description: "the revert's counts, or null" }),
  progress: z.int().min(0).max(100).meta({ description: 'rows_done of total_rows in percent (0-100)' }),
});

export const importJobCompact = (j: ImportJob, ws: Workspace): z.output<typeof ImportJobCompact> => ({
  id: j.id,
  state: j.state,
  file_name: j.fileName,
  target: j.target,
  mode: j.mode as Mode | null,
  match_key: j.matchKey,
  total_rows: j.totalRows,
  rows_done: j.rowsDone,
  progress: j.totalRows > 0 ? Math.min(100, Math.floor((j.rowsDone * 100) / j.totalRows)) : ['completed', 'reverting', 'reverted'].includes(j.state) ? 100 : 0,
  validation: j.validation,
  result: j.result,
  revert: j.revert ? { deleted: Number(j.revert.deleted ?? 0), restored: Number(j.revert.restored ?? 0), kept_count: Number(j.revert.kept_count ?? 0) } : null,
  error: j.error,
  created_by: j.userId,
  created_at: formatTimestamp(j.createdAt, ws.timezone),
  finished_at: j.finishedAt ? formatTimestamp(j.finishedAt, ws.timezone) : null,
});
