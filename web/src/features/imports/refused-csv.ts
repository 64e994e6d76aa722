/** One problem of a refused row, read back from the refused-rows file (`GET …/errors?format=csv`). */
export interface Refusal {
  row: number;
  column: string;
  value: string;
  message: string;
  code: string;
}

/** RFC 4180 records (quotes, doubled quotes, CR LF or LF), the byte order mark dropped. */
export function csvRecords(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) out.push([...row, cell]);
  return out;
}

/**
 * The refused rows of the file: its last column is `row N: <column>: <message> (<code>); …` (the service's
 * errorsCsv), the others the row's original cells under the file's headers.
 */
export function refusals(text: string): Refusal[] {
  const [header, ...rows] = csvRecords(text);
  if (!header) return [];
  const columns = header.slice(0, -1);
  const out: Refusal[] = [];
  for (const cells of rows) {
    const m = /^row (\d+): ([\s\S]*)$/.exec(cells[cells.length - 1] ?? '');
    if (!m) continue;
    for (const part of m[2].split('; ')) {
      const column = columns.filter((h) => part.startsWith(`${h}: `)).sort((a, b) => b.length - a.length)[0] ?? '';
      const rest = column ? part.slice(column.length + 2) : part;
      const coded = /^([\s\S]*) \(([a-z_]+)\)$/.exec(rest);
      out.push({ row: Number(m[1]), column, value: column ? (cells[columns.indexOf(column)] ?? '') : '', message: coded ? coded[1] : rest, code: coded ? coded[2] : '' });
    }
  }
  return out;
}
