import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvField, CSV_SPECIAL, type Cell } from '../shared/csv';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface WriterOptions {
  format: ExportFormat;
  /** CSV: the field delimiter (`,` or `;`, what Excel in Turkish and German locales reads). */
  delimiter: ',' | ';';
  /** CSV: a UTF-8 byte order mark first, so Excel reads the file as UTF-8. */
  bom: boolean;
  /** XLSX: the sheet's name. */
  sheet: string;
}

/** Rows out to a stream as they come: nothing but the current batch is held (constant memory). */
export interface SheetWriter {
  row(cells: Cell[]): void;
  /** Waits while the client reads slower than the rows come. */
  drain(): Promise<void>;
  end(): Promise<void>;
}

/** Waits for `out` to take more when its buffer is full (backpressure from a slow client). */
async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  // the listener of the event that did not come is taken off again: a wait per page left one behind each time
  const ac = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: ac.signal }), once(out, 'close', { signal: ac.signal })]);
  } finally {
    ac.abort();
  }
}

export function sheetWriter(out: Writable, headers: string[], o: WriterOptions): SheetWriter {
  return o.format === 'csv' ? csvWriter(out, headers, o) : xlsxWriter(out, headers, o);
}

/**
 * One CSV record without its line end, its fields joined once: a line built cell by cell is a chain of small
 * strings that the socket write flattens again (a quarter of what an export allocated).
 */
export function csvRecord(cells: Cell[], delimiter: ',' | ';'): string {
  const special = CSV_SPECIAL[delimiter]!;
  const fields = new Array<string>(cells.length);
  for (let i = 0; i < cells.length; i++) fields[i] = csvField(cells[i]!, special);
  return fields.join(delimiter);
}

/**
 * CSV by the page: a page's records are joined into one string and written to the response as one piece (a
 * stream write per row was a third of an export's CPU at 100,000 rows). Memory stays one page of rows.
 */
function csvWriter(out: Writable, headers: string[], o: WriterOptions): SheetWriter {
  let lines: string[] = [`${o.bom ? '\ufeff' : ''}${csvRecord(headers, o.delimiter)}`];
  const flush = () => {
    if (lines.length && !out.destroyed) out.write(`${lines.join('\n')}\n`);
    lines = [];
  };
  return {
    row: (cells) => {
      lines.push(csvRecord(cells, o.delimiter));
    },
    drain: async () => {
      flush();
      await drained(out);
    },
    end: async () => {
      flush();
      // 'close' too: a client gone before the end never lets the response finish
      const done = Promise.race([once(out, 'finish'), once(out, 'close')]);
      out.end();
      await done;
    },
  };
}

function xlsxWriter(out: Writable, headers: string[], o: WriterOptions): SheetWriter {
  // no shared strings: a shared-strings table is built in memory for the whole file
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(o.sheet.slice(0, 31));
  sheet.addRow(headers).commit();
  return {
    // text stays text: a cell is written as a string, a number or a boolean, never as a formula
    row: (cells) => sheet.addRow(cells).commit(),
    drain: () => drained(out),
    end: async () => {
      sheet.commit();
      await book.commit();
    },
  };
}
