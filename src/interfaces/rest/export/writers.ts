import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Cell } from './columns';

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
 * CSV by the page: the rows of a page are collected and stringified together (csv-stringify's sync API, the same
 * engine and options as its stream) and written to the response as one piece. Writing each row through the
 * stream was a transform, a push and a socket write per row: a third of an export's CPU at 100,000 rows
 * (docs/performance.md, "Export"). Memory stays one page of rows.
 */
function csvWriter(out: Writable, headers: string[], o: WriterOptions): SheetWriter {
  // booleans as true/false (csv-stringify's default writes '1' and '')
  const options = { delimiter: o.delimiter, columns: headers, cast: { boolean: (v: boolean) => (v ? 'true' : 'false') } };
  let rows: Cell[][] = [];
  let first = true;
  const flush = () => {
    if (!first && !rows.length) return;
    // the header (and the BOM) with the first piece, even when there is no row
    const text = stringifySync(rows, { ...options, header: first, bom: first && o.bom });
    first = false;
    rows = [];
    if (text && !out.destroyed) out.write(text);
  };
  return {
    row: (cells) => {
      rows.push(cells);
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
