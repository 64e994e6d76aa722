import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import type { ImportJob } from './import-job.entity';
import type { ImportView } from './imports.service';

/**
 * The read model of an import job (docs/decisions/import.md): the file's shape, the mapping, the state and the
 * counts. REST answers and documents it (`src/interfaces/rest/imports/import.schema.ts`, checked against this shape
 * by tsc), and MCP answers the compact projection (`import_status`, below).
 */

type Format = 'csv' | 'xlsx';
type Mode = 'create' | 'update' | 'upsert' | 'skip';

/** One import job; `suggestions` and the remembered mapping only where the caller loaded them. */
export const importJobView = (v: ImportView, ws: Workspace) => {
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
export const importJobCompact = (j: ImportJob, ws: Workspace) => ({
  id: j.id,
  state: j.state,
  file_name: j.fileName,
  target: j.target,
  mode: j.mode,
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
