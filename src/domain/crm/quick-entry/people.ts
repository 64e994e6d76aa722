/** People of the company named in a Quick Entry note (spec 2.12). Pure. */
import { fold, isTypoOf, Token, tokenize } from './text';

const HONORIFIC_AFTER = /^(?:bey|hanim|h|hn|bay|bayan)\w{0,4}$/;
const HONORIFIC_BEFORE = new Set(['mr', 'mrs', 'ms', 'dr', 'bay', 'bayan', 'sayin', 'herr', 'frau']);
const SHORT_NAME_CUES = new Set(['with', 'to', 'from', 'for', 'and', 'ile', 'told', 'asked', 'call', 'email', 'mail', 'met']);

/** People named in the note: full name; first name + Bey/Hanım; Mr/Dr + surname; a first name or surname only this person has. */
export function matchPeople(people: { id: number; name: string }[], tokens: Token[]): number[] {
  const parts = people.map((p) => ({ id: p.id, words: tokenize(fold(p.name)).filter((t) => !t.num).map((t) => t.t) }));
  const firstCount = new Map<string, number>();
  const lastCount = new Map<string, number>();
  for (const p of parts) {
    if (p.words[0]) firstCount.set(p.words[0], (firstCount.get(p.words[0]) ?? 0) + 1);
    const last = p.words.length > 1 ? p.words[p.words.length - 1]! : null;
    if (last) lastCount.set(last, (lastCount.get(last) ?? 0) + 1);
  }
  const nameMatch = (tok: string, w: string) => tok === w || (w.length >= 3 && tok.startsWith(w) && tok.length - w.length <= 4) || isTypoOf(tok, w);
  const found: number[] = [];
  for (const p of parts) {
    const first = p.words[0];
    const last = p.words.length > 1 ? p.words[p.words.length - 1]! : null;
    if (!first) continue;
    let hit = false;
    for (const t of tokens) {
      if (t.num) continue;
      const next = tokens[t.i + 1]?.t ?? '';
      const prev = tokens[t.i - 1]?.t ?? '';
      if (nameMatch(t.t, first)) {
        if (last && next && nameMatch(next, last)) hit = true;
        else if (HONORIFIC_AFTER.test(next)) hit = true;
        else if (firstCount.get(first) === 1 && (first.length >= 4 ? t.t === first || t.t.length - first.length <= 4 : t.t === first && (SHORT_NAME_CUES.has(prev) || next === 'ile'))) hit = true;
      }
      if (!hit && last && nameMatch(t.t, last) && (HONORIFIC_BEFORE.has(prev) || (lastCount.get(last) === 1 && last.length >= 4))) hit = true;
      if (hit) break;
    }
    if (hit) found.push(p.id);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Trial results
