import ExcelJS from 'exceljs';
import type request from 'supertest';

/** supertest: the body as bytes, whatever the content type. */
export function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Fetches an export's bytes. */
export async function download(r: request.Test): Promise<{ status: number; type: string; disposition: string; bytes: Buffer }> {
  const res = await r.buffer(true).parse(binary);
  return { status: res.status, type: String(res.headers['content-type'] ?? ''), disposition: String(res.headers['content-disposition'] ?? ''), bytes: res.body as Buffer };
}

/** A small RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF or LF rows. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** CSV rows as objects keyed by the header row. */
export function csvRecords(text: string, delimiter = ','): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''), delimiter);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** The first sheet of an XLSX file as objects keyed by its header row (read back with exceljs). */
export async function xlsxRecords(bytes: Buffer): Promise<Record<string, unknown>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const [header, ...rest] = rows;
  return rest.map((r) => Object.fromEntries((header as string[]).map((h, i) => [h, r[i] ?? null])));
}
