import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { DomainError, invalid } from '../../../platform/common/errors';

/** Documented limits of one import file (docs/decisions/import.md). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_ROWS = 1_000_000;
export const MAX_COLUMNS = 200;
/** Characters in one cell: Excel's own limit. */
export const MAX_CELL_CHARS = 32_767;
/** Bytes of one CSV record (a row with its quoted newlines). */
const MAX_RECORD_BYTES = 1024 * 1024;
/** What an XLSX may unpack to, and how much larger than its packed size (a zip bomb is refused before it is read). */
const MAX_UNPACKED_BYTES = 500 * 1024 * 1024;
const MAX_PACK_RATIO = 200;

export type FileFormat = 'csv' | 'xlsx';
export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1254' | 'windows-1252';
export type Delimiter = ',' | ';' | '\t';

export interface FileShape {
  format: FileFormat;
  encoding: Encoding | null;
  delimiter: Delimiter | null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** CSV or XLSX, by the file's first bytes; a name ending in .xlsx that is no zip is refused (415). */
export function detectFormat(buf: Buffer, fileName: string): FileFormat {
  const zip = buf.subarray(0, 4).equals(ZIP_MAGIC);
  const xlsxName = /\.(xlsx|xlsm)$/i.test(fileName);
  if (zip) return 'xlsx';
  if (xlsxName || /\.xls$/i.test(fileName)) throw new DomainError('unsupported_media_type', 'the file is not an XLSX workbook (no zip container); send .xlsx or .csv');
  if (buf.includes(0) && !hasUtf16Bom(buf) && !looksUtf16(buf)) throw new DomainError('unsupported_media_type', 'the file is neither CSV text nor an XLSX workbook');
  return 'csv';
}

const hasUtf16Bom = (b: Buffer) => (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);

/** UTF-16 without a BOM: every other byte of a Latin text is zero. */
function looksUtf16(b: Buffer): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(b.length - (b.length % 2), 4096);
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) even++;
    if (b[i + 1] === 0) odd++;
  }
  if (odd > n / 2 / 3 && even === 0) return 'utf-16le';
  if (even > n / 2 / 3 && odd === 0) return 'utf-16be';
  return null;
}

/** Bytes that are Turkish letters in Windows-1254 (ğ Ğ ı İ ş Ş) and rare in Western text under Windows-1252 (ð Ð ý Ý þ Þ). */
const TURKISH_1254 = new Set([0xf0, 0xd0, 0xfd, 0xdd, 0xfe, 0xde]);

/** A BOM, else UTF-16 by its zeros, else valid UTF-8, else Windows-1254 when Turkish letters show, else Windows-1252. */
export function detectEncoding(buf: Buffer): Encoding {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
  if (buf[0] === 0xff && buf[1] === 0xfe) return 'utf-16le';
  if (buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  // before UTF-8: a Latin text in UTF-16 is valid UTF-8 too (its zero bytes are NULs)
  const u16 = looksUtf16(buf);
  if (u16) return u16;
  if (isUtf8(buf)) return 'utf-8';
  for (const b of buf) if (TURKISH_1254.has(b)) return 'windows-1254';
  return 'windows-1252';
}

/** The text of the file's first lines (at most 64 KB), BOM removed. */
export function headText(buf: Buffer, encoding: Encoding): string {
  return iconv.decode(buf.subarray(0, 64 * 1024), encoding, { stripBOM: true });
}

/** `,` `;` or tab: the one found the same number of times (outside quotes) on most of the first lines, then the most frequent. */
export function detectDelimiter(text: string): Delimiter {
  const lines = splitLines(text).slice(0, 20);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const d of [',', ';', '\t'] as Delimiter[]) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const score = counts.filter((c) => c === first).length * 1000 + first;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** Lines, a quoted newline kept inside its line. */
function splitLines(text: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (start < text.length && !quoted) out.push(text.slice(start));
  return out.filter((l) => l.trim() !== '');
}

function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === d && !quoted) n++;
  }
  return n;
}

/** Shape of a file: format, and for CSV its encoding and delimiter. Refuses what cannot be read (4xx). */
export async function fileShape(buf: Buffer, fileName: string): Promise<FileShape> {
  if (buf.length === 0) throw invalid('file', 'the file is empty');
  if (buf.length > MAX_FILE_BYTES) throw tooLarge();
  const format = detectFormat(buf, fileName);
  if (format === 'xlsx') {
    await checkUnpacked(buf, checkZip(buf));
    return { format, encoding: null, delimiter: null };
  }
  const encoding = detectEncoding(buf);
  return { format, encoding, delimiter: detectDelimiter(headText(buf, encoding)) };
}

export const tooLarge = (): DomainError =>
  new DomainError('payload_too_large', `the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; split it into several imports`);

/**
 * Reads the zip's central directory and refuses a workbook that says it would unpack to more than 500 MB or
 * more than 200 times its size (a zip bomb), or that is no readable zip at all, before any entry is inflated.
 * Returns where each entry's data is, for `checkUnpacked`.
 */
export function checkZip(buf: Buffer): ZipEntry[] {
  const bad = () => new DomainError('unsupported_media_type', 'the file is not a readable XLSX workbook');
  const from = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw bad();
    const size = buf.readUInt32LE(p + 24);
    if (size === 0xffffffff) throw invalid('file', 'the workbook is too large to import (ZIP64)');
    total += size;
    entries.push({ method: buf.readUInt16LE(p + 10), packed: buf.readUInt32LE(p + 20), local: buf.readUInt32LE(p + 42) });
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  if (total > MAX_UNPACKED_BYTES || total > buf.length * MAX_PACK_RATIO) throw zipBomb();
  return entries;
}

export interface ZipEntry {
  method: number;
  packed: number;
  local: number;
}

const zipBomb = () => invalid('file', 'the workbook unpacks to far more than its size (a zip bomb?); save it again or export it as CSV');

/**
 * The directory can lie (the streaming reader goes by the entries themselves): inflates every entry once,
 * counting and keeping nothing, and stops at the same bound as checkZip.
 */
export async function checkUnpacked(buf: Buffer, entries: ZipEntry[]): Promise<void> {
  const limit = Math.min(MAX_UNPACKED_BYTES, buf.length * MAX_PACK_RATIO);
  let total = 0;
  for (const e of entries) {
    if (e.local + 30 > buf.length || buf.readUInt32LE(e.local) !== 0x04034b50) throw new DomainError('unsupported_media_type', 'the file is not a readable XLSX workbook');
    const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
    const data = buf.subarray(start, Math.min(buf.length, start + e.packed));
    if (e.method === 0) {
      total += data.length;
      continue;
    }
    if (e.method !== 8) throw new DomainError('unsupported_media_type', 'the workbook uses a compression XLSX does not');
    const inflate = createInflateRaw();
    let over = false;
    await new Promise<void>((resolve) => {
      inflate.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit && !over) {
          over = true;
          inflate.destroy();
          resolve();
        }
      });
      inflate.on('end', () => resolve());
      inflate.on('error', () => resolve());
      inflate.on('close', () => resolve());
      inflate.end(data);
    });
    if (over) throw zipBomb();
  }
}

/**
 * The file's rows, header first, as arrays of trimmed strings with their row number; empty rows left out. Streaming: memory
 * stays bounded by one record. Refuses a row over the column or cell limits with 400 `invalid` naming it.
 */
export async function* readRows(buf: Buffer, shape: FileShape): AsyncGenerator<{ n: number; cells: string[] }> {
  const source = shape.format === 'xlsx' ? xlsxRows(buf) : csvRows(buf, shape);
  for await (const { n, cells: raw } of source) {
    if (raw.length > MAX_COLUMNS) throw invalid('file', `row ${n} has ${raw.length} columns; at most ${MAX_COLUMNS}`);
    const cells = raw.map((c) => c.trim());
    if (cells.some((c) => c.length > MAX_CELL_CHARS)) throw invalid('file', `row ${n} has a cell longer than ${MAX_CELL_CHARS} characters`);
    if (cells.every((c) => c === '')) continue;
    yield { n, cells };
  }
}

/**
 * The file in 64 KB pieces: given whole, the decoder and the parser turn all of it into records at once, which the
 * stream then holds until they are read (100,000 rows of a batch-by-batch pass in memory together).
 */
function* slices(buf: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function* csvRows(buf: Buffer, shape: FileShape): AsyncGenerator<{ n: number; cells: string[] }> {
  const parser = Readable.from(slices(buf))
    .pipe(iconv.decodeStream(shape.encoding ?? 'utf-8', { stripBOM: true }))
    .pipe(parse({ delimiter: shape.delimiter ?? ',', relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: MAX_RECORD_BYTES }));
  try {
    let n = 0;
    // n: the record's number, which is the spreadsheet's row number unless a cell holds a line break
    for await (const rec of parser as AsyncIterable<string[]>) yield { n: ++n, cells: rec };
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    const where = (e as { lines?: number }).lines;
    if (code === 'CSV_MAX_RECORD_SIZE') throw invalid('file', `a row${where ? ` near line ${where}` : ''} is longer than 1 MB`);
    if (code.startsWith('CSV_')) throw invalid('file', `the CSV cannot be read${where ? ` near line ${where}` : ''}: ${(e as Error).message.slice(0, 200)}`);
    throw e;
  }
}

async function* xlsxRows(buf: Buffer): AsyncGenerator<{ n: number; cells: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit' });
  try {
    // the first sheet only
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { n: row.number, cells };
      }
      break;
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new DomainError('unsupported_media_type', `the XLSX workbook cannot be read: ${(e as Error).message.slice(0, 200)}`);
  }
}

/** A cell as text: a formula by its stored result (never evaluated), a date as YYYY-MM-DD, rich text joined. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('formula' in o || 'sharedFormula' in o) return cellText(o.result);
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.error !== undefined) return '';
    return '';
  }
  return String(v);
}
