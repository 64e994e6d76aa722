/** Trial results reported in a Quick Entry note (spec 2.12). Pure. */
import { QE_TRIAL_OUTCOMES } from './quick-entry.constants';
import { isTypoOf, Token, tokenize, wordMatches } from './text';

/** Trial outcomes; the workspace maps each to one of its demo_results (constants.qe_trial_results). */
export type TrialOutcome = (typeof QE_TRIAL_OUTCOMES)[number];

const PARTIAL_RE = /\b(?:kismen (?:olumlu|basarili|iyi)|kismi basari\w*|partly|partially|partial(?:ly)? success\w*|mixed results?)\b/;
const NEGATIVE_RE = /\b(?:olumsuz\w*|basarisiz\w*|failed|fail|fails|failure|unsuccessful|negative|did not (?:pass|work)|not (?:ok|okay|successful|good|passed)|was not (?:ok|successful|good)|tutmadi|reddedildi|rejected|(?:olumlu|basarili|iyi) degil\w*)\b/;
const POSITIVE_RE = /\b(?:olumlu\w*|basarili\w*|successful\w*|success|succeeded|positive|passed|went well|ok|okay|approved|onaylandi|iyi gecti|sorunsuz|worked)\b/;
const ONGOING_RE = /\b(?:devam ediyor|devam etmekte|devam\w*|suruyor|surmekte|bekleniyor|ongoing|on going|in progress|still (?:testing|running|ongoing|on test|in test|on trial)|still running|no results? yet|henuz sonuc\w* yok|sonuc yok|not finished|continuing|continues|waiting for (?:the )?results?)\b/;
const TRIAL_WORDS = ['deneme', 'trial', 'test', 'retest', 'numune', 'sample', 'sonuc', 'result', 'demo'];
const POSITIVE_WORDS = ['olumlu', 'basarili', 'successful', 'positive'];
const NEGATIVE_WORDS = ['olumsuz', 'basarisiz', 'unsuccessful', 'failed', 'negative'];

const hasTrialWord = (tokens: Token[]) => tokens.some((t) => !t.num && TRIAL_WORDS.some((w) => wordMatches(t.t, w) || (w.length >= 6 && isTypoOf(t.t, w))));

/** Outcome words in a sentence about a trial (or its result); typos of the key words count. */
export function trialOutcomes(sentence: string): TrialOutcome[] {
  const tokens = tokenize(sentence);
  if (!hasTrialWord(tokens)) return [];
  const out = new Set<TrialOutcome>();
  if (PARTIAL_RE.test(sentence)) out.add('partial');
  if (NEGATIVE_RE.test(sentence)) out.add('negative');
  if (!out.size && POSITIVE_RE.test(sentence)) out.add('positive');
  if (ONGOING_RE.test(sentence)) out.add('ongoing');
  if (!out.size) {
    // typos: "olumluu", "faild", "sucessful" (the closest key word decides)
    for (const t of tokens) {
      if (t.num || t.t.length < 5) continue;
      if (NEGATIVE_WORDS.some((w) => isTypoOf(t.t, w))) out.add('negative');
      else if (POSITIVE_WORDS.some((w) => isTypoOf(t.t, w))) out.add('positive');
    }
  }
  return [...out];
}

// ---------------------------------------------------------------------------------------------
// Next steps
