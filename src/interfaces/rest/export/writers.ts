import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
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
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

export function sheetWriter(out: Writable, headers: string[], o: WriterOptions): SheetWriter {
  return o.format === 'csv' ? csvWriter(out, headers, o) : xlsxWriter(out, headers, o);
}

function csvWriter(out: Writable, headers: string[], o: WriterOptions): SheetWriter {
  // booleans as true/false (csv-stringify's default writes '1' and '')
  const csv = stringify({ delimiter: o.delimiter, bom: o.bom, header: true, columns: headers, cast: { boolean: (v) => (v ? 'true' : 'false') } });
  csv.pipe(out);
  return {
    row: (cells) => csv.write(cells),
    drain: async () => {
      if (csv.writableNeedDrain) await once(csv, 'drain');
      await drained(out);
    },
    end: async () => {
      // 'close' too: a client gone before the end never lets the response finish
      const done = Promise.race([once(out, 'finish'), once(out, 'close')]);
      csv.end();
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
