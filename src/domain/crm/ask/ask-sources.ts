import { recordPath } from '../shared/record-keys';

type Kind = 'company' | 'person' | 'opportunity' | 'activity' | 'lead';

/** A record an answer rests on (POST /api/v1/ask `sources`). */
export interface Source {
  kind: Kind;
  id: number;
  title: string;
  url: string;
}

const MAX_SOURCES = 20;
const BY_PREFIX: Record<string, Kind> = { C: 'company', P: 'person', O: 'opportunity', A: 'activity', L: 'lead' };
const RID = /^([CPOAL])-(\d{1,10})$/;
/** The research tools' ids (search, fetch). */
const DOC_ID = /^(company|person|opportunity):(\d{1,10})$/;

/**
 * The records a question's tools read, in the order read and once each (at most 20): every object of a
 * tool result with a record id (`rid` C-12 …, or `company:12` of the research tools), with its name.
 * Only what a tool answered the caller is collected, so every source is a record the caller may see.
 */
export class AskSources {
  private readonly seen = new Map<string, Source>();

  constructor(private readonly baseUrl: string) {}

  /** Collects the records of one tool result (its structured content). */
  add(result: unknown): void {
    this.walk(result, 0);
  }

  list(): Source[] {
    return [...this.seen.values()];
  }

  private walk(v: unknown, depth: number): void {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const x of v) this.walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    this.record(o);
    for (const x of Object.values(o)) if (x && typeof x === 'object') this.walk(x, depth + 1);
  }

  private record(o: Record<string, unknown>): void {
    let kind: Kind | undefined;
    let id: number | undefined;
    const rid = typeof o.rid === 'string' ? RID.exec(o.rid) : null;
    const doc = typeof o.id === 'string' ? DOC_ID.exec(o.id) : null;
    if (rid) [kind, id] = [BY_PREFIX[rid[1]], Number(rid[2])];
    else if (doc) [kind, id] = [doc[1] as Kind, Number(doc[2])];
    if (!kind || !id || this.seen.size >= MAX_SOURCES) return;
    const key = `${kind}:${id}`;
    if (this.seen.has(key)) return;
    this.seen.set(key, { kind, id, title: titleOf(o), url: this.baseUrl + recordPath(kind, id) });
  }
}

function titleOf(o: Record<string, unknown>): string {
  for (const k of ['name', 'title', 'company', 'topic']) if (typeof o[k] === 'string' && o[k]) return o[k];
  return typeof o.rid === 'string' ? o.rid : String(o.id);
}
