import type { ImportJob, ImportRow } from '../../../domain/crm/imports';
import { csvField, CSV_SPECIAL, escapeFormula } from '../shared/csv';

/** A cell safe to open in a spreadsheet (formula guard), quoted as the exports quote it. */
const csvCell = (s: string) => csvField(escapeFormula(s), CSV_SPECIAL[',']!);

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
