import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Cell } from '../../../src/interfaces/rest/export/columns';
import { csvRecord, sheetWriter } from '../../../src/interfaces/rest/export/writers';

/** What the export wrote through csv-stringify before its own writer (the same options). */
const reference = (rows: Cell[][], headers: string[], delimiter: ',' | ';', bom: boolean) =>
  stringify(rows, { delimiter, columns: headers, header: true, bom, cast: { boolean: (v: boolean) => (v ? 'true' : 'false') } });

const ALPHABET = ['a', 'Ş', 'ı', ' ', ',', ';', '"', '\n', '\r', "'", '=', '-', '+', '@', '\t', '0', '.', '€', '😀'];

function randomCell(r: () => number): Cell {
  const k = Math.floor(r() * 7);
  if (k === 0) return null;
  if (k === 1) return r() < 0.5;
  if (k === 2) return Math.round((r() - 0.5) * 1e6) / 100;
  if (k === 3) return '';
  let s = '';
  for (let n = Math.floor(r() * 12); n > 0; n--) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

/** A small deterministic generator (mulberry32): the same cells on every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function written(rows: Cell[][], headers: string[], delimiter: ',' | ';', bom: boolean): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (d: Buffer) => chunks.push(Buffer.from(d)));
  const w = sheetWriter(out, headers, { format: 'csv', delimiter, bom, sheet: 'x' });
  for (let i = 0; i < rows.length; i++) {
    w.row(rows[i]!);
    if (i % 7 === 6) await w.drain();
  }
  await w.end();
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV writer of the exports', () => {
  it('writes each record as csv-stringify did (quoting, doubled quotes, null, booleans, numbers)', () => {
    const r = rng(7);
    for (const delimiter of [',', ';'] as const) {
      for (let n = 0; n < 2000; n++) {
        const cells = Array.from({ length: 1 + Math.floor(r() * 6) }, () => randomCell(r));
        expect(`${csvRecord(cells, delimiter)}\n`).toBe(stringify([cells], { delimiter, cast: { boolean: (v: boolean) => (v ? 'true' : 'false') } }));
      }
    }
  });

  it.each([
    [',', false],
    [';', true],
  ] as const)('writes a whole file as csv-stringify did (delimiter %s, BOM %s)', async (delimiter, bom) => {
    const r = rng(11);
    const headers = ['id', 'name', 'note; "x"', 'is_open'];
    const rows = Array.from({ length: 300 }, () => headers.map(() => randomCell(r)));
    expect(await written(rows, headers, delimiter, bom)).toBe(reference(rows, headers, delimiter, bom));
    expect(await written([], headers, delimiter, bom)).toBe(reference([], headers, delimiter, bom));
  });
});
