import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Parity of the web app with the REST API: every write of `/api/v1` that a signed-in person may make has a
 * caller in `web/src`, or a row in docs/machine-writes.md that says why not (a machine's write, a write on the
 * server-rendered pages, or one still pending in the app). Reads the committed openapi.json and the
 * source text only: no app, no browser.
 */
const root = join(__dirname, '../../..');
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const KINDS = ['machine', 'server page', 'pending'] as const;

type Op = string; // "METHOD /api/v1/path"

/** Every write operation of the API document under /api/v1. */
function apiWrites(): Map<Op, string> {
  const doc = JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const out = new Map<Op, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const m of WRITES) {
      const op = item[m.toLowerCase()];
      if (op) out.set(`${m} ${path}`, op.operationId ?? '');
    }
  }
  return out;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/**
 * The writes the app's source makes through the generated client (`api.POST('/api/v1/…', …)`). A call whose
 * path is not a literal (`api.POST(path, …)`, path chosen from literals) is matched with the API path
 * literals of the same file that are not themselves the first argument of a call: the typed client only
 * accepts the document's paths, so such a literal is there to be called.
 */
function appCalls(files: { name: string; text: string }[]): Set<Op> {
  const calls = new Set<Op>();
  const call = /\bapi\s*\.\s*(GET|POST|PUT|PATCH|DELETE)\s*\(\s*(?:(['"`])(\/api\/v1\/[^'"`]*)\2)?/g;
  const literal = /(['"`])(\/api\/v1\/[^'"`$]*)\1/g;
  for (const { text } of files) {
    const direct = new Set<number>();
    const indirect = new Set<string>();
    for (const m of text.matchAll(call)) {
      if (m[3] !== undefined) {
        calls.add(`${m[1]} ${m[3]}`);
        direct.add(m.index + m[0].length - m[3].length - 2); // the opening quote
      } else indirect.add(m[1]);
    }
    drawnKindCalls(text).forEach((op) => calls.add(op));
    if (indirect.size === 0) continue;
    for (const m of text.matchAll(literal)) {
      if (direct.has(m.index)) continue;
      for (const method of indirect) calls.add(`${method} ${m[2]}`);
    }
  }
  return calls;
}

/**
 * The writes of a kind the shell draws from its declaration (`defineRecordKind`, web/src/shell/record-kind.tsx):
 * the form's POST of its list route when it declares `inputs`, the choices' PATCH of its record route when it
 * declares `choices`.
 */
function drawnKindCalls(text: string): Op[] {
  if (!/\bdefineRecordKind\s*\(/.test(text)) return [];
  const list = /\blist:\s*'(\/api\/v1\/[^']+)'/.exec(text)?.[1];
  const record = /\brecord:\s*'(\/api\/v1\/[^']+)'/.exec(text)?.[1];
  return [...(list && /\binputs:/.test(text) ? [`POST ${list}`] : []), ...(record && /\bchoices:\s*\{\s*\w/.test(text) ? [`PATCH ${record}`] : [])];
}

interface Row {
  op: Op;
  kind: string;
  reason: string;
}

/** The table of docs/machine-writes.md: `| \`METHOD /api/v1/…\` | kind | reason |`. */
function listed(): Row[] {
  const text = readFileSync(join(root, 'docs/machine-writes.md'), 'utf8');
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    const m = /^\|\s*`((?:POST|PUT|PATCH|DELETE) \/api\/v1\/[^`]+)`\s*\|([^|]*)\|([^|]*)\|\s*$/.exec(line);
    if (m) rows.push({ op: m[1], kind: m[2].trim(), reason: m[3].trim() });
  }
  return rows;
}

describe('web app parity with the API writes', () => {
  const ops = apiWrites();
  const files = sources(join(root, 'web/src')).map((f) => ({ name: f, text: readFileSync(f, 'utf8') }));
  const called = appCalls(files);
  const rows = listed();

  it('finds the writes and the list (the scanners still read what they should)', () => {
    expect(ops.size).toBeGreaterThan(40);
    expect(called.has('POST /api/v1/opportunities')).toBe(true);
    expect(called.has('POST /api/v1/webhooks/{id}/replay')).toBe(true); // Settings → Apps is an app screen
    expect([called.has('POST /api/v1/tickets'), called.has('PATCH /api/v1/tickets/{id}')]).toEqual([true, true]); // a kind drawn from its declaration
    expect(rows.length).toBeGreaterThan(3);
  });

  it('every write of /api/v1 has a caller in web/src or a row in docs/machine-writes.md', () => {
    const listedOps = new Set(rows.map((r) => r.op));
    const missing = [...ops.keys()].filter((op) => !called.has(op) && !listedOps.has(op));
    expect(missing).toEqual([]);
  });

  it('every row names an operation that exists, that the app does not call, once, with a kind and a reason', () => {
    const seen = new Set<Op>();
    const wrong: string[] = [];
    for (const r of rows) {
      if (!ops.has(r.op)) wrong.push(`${r.op}: no such operation in openapi.json`);
      if (called.has(r.op)) wrong.push(`${r.op}: the app calls it; remove the row`);
      if (seen.has(r.op)) wrong.push(`${r.op}: listed twice`);
      if (!(KINDS as readonly string[]).includes(r.kind)) wrong.push(`${r.op}: kind "${r.kind}" is not one of ${KINDS.join(', ')}`);
      if (r.reason.length < 10) wrong.push(`${r.op}: no reason`);
      seen.add(r.op);
    }
    expect(wrong).toEqual([]);
  });

  it('the app calls only writes the document has', () => {
    const unknown = [...called].filter((op) => !op.startsWith('GET ') && !ops.has(op));
    expect(unknown).toEqual([]);
  });

  it('matches a call whose path is chosen from literals', () => {
    const src = `const path = ok ? '/api/v1/x/{id}/approve' : '/api/v1/x/{id}/reject';\napi.POST(path, {});\napi.GET('/api/v1/x', {});`;
    expect([...appCalls([{ name: 'a.tsx', text: src }])].sort()).toEqual(['GET /api/v1/x', 'POST /api/v1/x/{id}/approve', 'POST /api/v1/x/{id}/reject']);
  });
});
