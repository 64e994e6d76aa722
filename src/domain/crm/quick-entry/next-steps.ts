/**
 * Next steps planned in a Quick Entry note (spec 2.12): the note cut into sentences and clauses, the
 * actions each clause names, its tense, and the dates that go with them. Pure.
 */
import { QE_NEXT_STEP_ROLES } from './quick-entry.constants';
import { DateHit } from './dates';
import { Span, Token, wordMatches } from './text';

/** Next-step roles the rules recognise; the workspace maps each to one of its next_actions (constants.qe_next_action_roles). */
export const NEXT_STEP_ROLES = QE_NEXT_STEP_ROLES;
export type NextStepRole = (typeof NEXT_STEP_ROLES)[number];

const ROLE_WORDS: Record<NextStepRole, { exact?: string[]; stems?: string[]; prefixes?: string[] }> = {
  call: {
    exact: ['ara', 'ararim', 'arariz', 'arayacagim', 'arayacagiz', 'arayalim', 'aranacak', 'aransin', 'arayin', 'arayip', 'aradim', 'aradik', 'aranmali', 'telefon', 'telefonla', 'telefonda', 'call', 'calls', 'calling', 'phone', 'ring'],
  },
  visit: { stems: ['visit'], prefixes: ['ziyaret', 'ugra'], exact: ['gidecegim', 'gidecegiz', 'gidiyoruz', 'gidilecek', 'gidelim'] },
  offer: { stems: ['teklif', 'offer', 'quote', 'quotation', 'proposal', 'proforma'] },
  samples: { stems: ['numune', 'sample'] },
  email: { stems: ['email', 'eposta'], exact: ['mail', 'maile', 'maili', 'mailer', 'mails', 'mailing'] },
  trial: { stems: ['deneme', 'trial', 'retest'], exact: ['test'] },
  meeting: { prefixes: ['toplanti', 'toplan', 'gorus'], exact: ['meeting', 'meet', 'sunum', 'sunumu', 'presentation', 'demo'] },
};

function rolesIn(tokens: Token[]): NextStepRole[] {
  const roles: NextStepRole[] = [];
  for (const role of NEXT_STEP_ROLES) {
    const w = ROLE_WORDS[role];
    const hit = tokens.some(
      (t, i) =>
        !t.num &&
        ((w.exact ?? []).includes(t.t) ||
          (w.stems ?? []).some((s) => wordMatches(t.t, s)) ||
          (w.prefixes ?? []).some((p) => t.t.startsWith(p)) ||
          (role === 'email' && t.t === 'posta' && tokens[i - 1]?.t === 'e')),
    );
    if (hit) roles.push(role);
  }
  return roles;
}

const FUTURE_WORDS = new Set([
  'lazim', 'gerek', 'gerekiyor', 'gerekli', 'will', 'shall', 'going', 'need', 'needs', 'must', 'should', 'want', 'wants', 'asked', 'asking', 'ask',
  'talep', 'isterler', 'next', 'asap', 'acil', 'please', 'pls', 'erteledi', 'ertelendi', 'postponed', 'rescheduled', 'sonra', 'then', 'plan', 'planned',
  'scheduled', 'schedule', 'expects', 'todo', 'tekrar', 'again', 'yeni', 'new',
]);
const IMPERATIVE_START = new Set(['send', 'call', 'email', 'mail', 'visit', 'prepare', 'schedule', 'quote', 'follow', 'try', 'inform', 'arrange', 'book', 'check', 'remind', 'plan', 'organise', 'organize', 'gonder', 'ara', 'yolla', 'hazirla', 'ring', 'phone', 'offer']);
const IMPERATIVE_END = new Set(['gonder', 'ara', 'yolla', 'hazirla', 'at', 'git', 'ugra', 'planla', 'teklif', 'numune']);
const PAST_WORDS = new Set([
  'sent', 'gave', 'did', 'was', 'were', 'had', 'visited', 'called', 'talked', 'met', 'discussed', 'offered', 'delivered', 'received', 'showed', 'said', 'says',
  'spoke', 'left', 'tried', 'confirmed', 'ordered', 'shipped', 'agreed', 'accepted', 'presented', 'reported', 'complained', 'lost', 'emailed', 'mailed', 'quoted',
]);
const AGAIN_WORDS = new Set(['tekrar', 'yeniden', 'again', 'back']);

function isFutureToken(t: string): boolean {
  if (FUTURE_WORDS.has(t)) return true;
  if (t.length >= 6 && /(?:acak|ecek|acag|eceg)/.test(t)) return true;
  if (t.length >= 5 && /(?:alim|elim)$/.test(t)) return true;
  if (t.length >= 5 && /(?:arim|erim|ariz|eriz|irim|iriz)$/.test(t)) return true;
  return /^(?:istiyor|istedi|bekliyor|bekleniyor|planla|hazirla|planli|yapilacak|yapacak)/.test(t);
}
function isPastToken(t: string): boolean {
  if (PAST_WORDS.has(t)) return true;
  if (t.length < 5) return false;
  if (/[dt][iu](?:k|m|n|niz|ler|lar)$/.test(t)) return true;
  if (/(?:[rlnkpsczt][dt][iu]|edi)$/.test(t)) return true;
  return /(?:mis|mus)$/.test(t) && t.length >= 6;
}

export interface Unit {
  start: number;
  end: number;
  text: string;
  tokens: Token[];
  roles: NextStepRole[];
  future: boolean;
  past: boolean;
  again: boolean;
  sentence: number;
}

/** Sentences (split at . ! ? ; and line ends, not inside numbers) and their comma-separated units. */
export function sentencesOf(f: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const re = /[.!?;\n]+(?=\s|$)|\n/g;
  for (const m of f.matchAll(re)) {
    out.push({ start, end: m.index! });
    start = m.index! + m[0].length;
  }
  out.push({ start, end: f.length });
  return out.filter((s) => f.slice(s.start, s.end).trim());
}

export function unitsOf(f: string, sentences: Span[], outcomeSentences: Set<number>, allTokens: Token[]): Unit[] {
  const units: Unit[] = [];
  sentences.forEach((s, si) => {
    const text = f.slice(s.start, s.end);
    let from = 0;
    const cuts = [...text.matchAll(/,\s+|\s+-\s+|\s+(?:ama|but)\s+/g)].map((m) => ({ at: m.index!, len: m[0].length }));
    for (const cut of [...cuts, { at: text.length, len: 0 }]) {
      const start = s.start + from;
      const end = s.start + cut.at;
      from = cut.at + cut.len;
      const tokens = allTokens.filter((t) => t.start >= start && t.end <= end);
      if (!tokens.length) continue;
      let roles = rolesIn(tokens);
      // a sentence that reports a trial result does not plan one
      if (outcomeSentences.has(si)) roles = roles.filter((r) => r !== 'trial');
      const words = tokens.filter((t) => !t.num).map((t) => t.t);
      const future = words.some(isFutureToken) || IMPERATIVE_START.has(words[0] ?? '') || IMPERATIVE_END.has(words[words.length - 1] ?? '');
      const past = !future && words.some(isPastToken);
      units.push({ start, end, text: f.slice(start, end), tokens, roles, future, past, again: words.some((w) => AGAIN_WORDS.has(w)), sentence: si });
    }
  });
  return units;
}

export interface NextStep {
  role: NextStepRole | null;
  custom?: string;
  date: string | null;
}

/**
 * Next steps: a unit (clause) with a date takes the actions named in it, or else those of the clause
 * before it when that one plans something (or this one says "again"), or else of the sentence before;
 * without any action the date alone is suggested. A clause without a date suggests its actions when
 * it plans them (future tense, a request, an imperative). A past clause ("teklif verdik") suggests nothing.
 */
export function nextSteps(units: Unit[], dates: DateHit[], today: string): NextStep[] {
  const out: NextStep[] = [];
  units.forEach((u, ui) => {
    const unitDates = dates.filter((d) => d.date && d.start >= u.start && d.end <= u.end && !(u.past && d.date <= today)).map((d) => d.date!);
    if (unitDates.length) {
      let roles = u.roles;
      if (!roles.length) {
        const prev = units[ui - 1];
        if (prev && prev.sentence === u.sentence && prev.roles.length && (prev.future || u.again)) roles = prev.roles;
        else {
          const prevSentence = units.filter((x) => x.sentence === u.sentence - 1);
          const planned = prevSentence.some((x) => x.future) || u.again;
          if (planned) roles = [...new Set(prevSentence.flatMap((x) => x.roles))];
        }
      }
      if (roles.length) for (const r of roles) out.push({ role: r, date: unitDates[0]! });
      else out.push({ role: null, date: unitDates[0]! });
    } else if (u.roles.length && u.future) {
      for (const r of u.roles) out.push({ role: r, date: null });
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
