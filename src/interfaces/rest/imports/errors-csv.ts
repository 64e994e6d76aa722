import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { ImportJob, ImportRow, ImportView } from '../../../domain/crm/imports';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { ImportJobList, ImportJobResponse, ImportJobSchema } from './import.schema';

type Job = z.output<typeof ImportJobSchema>;

export const toImportJob = (v: ImportView, ws: Workspace): Job => {
  const j = v.job;
  return {
    id: j.id,
    state: j.state,
    file_name: j.fileName,
    format: j.format as Job['format'],
    encoding: j.encoding,
    delimiter: j.delimiter,
    size: j.size,
    total_rows: j.totalRows,
    rows_done: j.rowsDone,
    target: j.target as Job['target'],
    mode: j.mode as Job['mode'],
    match_key: j.matchKey,
    columns: j.columns.map((c, i) => ({ header: c.header, samples: c.samples, suggested: Object.fromEntries(Object.entries(v.suggestions).map(([t, s]) => [t, s[i] ?? null])), field: j.mapping?.[i] ?? null })),
    validation: j.validation,
    result: j.result,
    revert: j.revert ? { deleted: j.revert.deleted ?? 0, restored: j.revert.restored ?? 0, kept_count: j.revert.kept_count ?? 0, kept: j.revert.kept ?? [] } : null,
    remembered_mapping: v.remembered
      ? { job_id: v.remembered.jobId, target: v.remembered.target, mode: v.remembered.mode as Job['mode'] & string, match_key: v.remembered.matchKey, fields: v.remembered.fields }
      : null,
    error: j.error,
    created_by: j.userId,
    created_at: formatTimestamp(j.createdAt, ws.timezone),
    finished_at: j.finishedAt ? formatTimestamp(j.finishedAt, ws.timezone) : null,
  };
};

export const toImportJobResponse = (v: ImportView, ws: Workspace): z.output<typeof ImportJobResponse> => ({ ok: true, import: toImportJob(v, ws) });

export const toImportJobList = (jobs: ImportJob[], ws: Workspace): z.output<typeof ImportJobList> => ({
  ok: true,
  items: jobs.map((job) => toImportJob({ job, suggestions: {} }, ws)),
});

/** A cell safe to open in a spreadsheet: one starting with = + - @ tab or CR gets a leading apostrophe (OWASP "CSV Injection"). */
const safe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const csvCell = (s: string) => {
  const v = safe(s);
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

/** The refused rows as the original rows plus an `error` column, ready to fix and import again (streamed page by page). */
export async function* errorsCsv(job: ImportJob, pages: AsyncIterable<ImportRow[]>): AsyncGenerator<string> {
  yield `\ufeff${[...job.columns.map((c) => c.header), 'error'].map(csvCell).join(',')}\r\n`;
  for await (const rows of pages) {
    const lines: string[] = [];
    for (const r of rows) {
      const cells = job.columns.map((_, i) => r.cells?.[i] ?? '');
      const error = (r.errors ?? []).map((e) => `${e.column ? `${e.column}: ` : ''}${e.message} (${e.code})`).join('; ');
      lines.push([...cells, `row ${r.rowNo}: ${error}`].map(csvCell).join(','));
    }
    yield `${lines.join('\r\n')}\r\n`;
  }
}
