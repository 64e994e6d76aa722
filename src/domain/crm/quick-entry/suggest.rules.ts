/**
 * Quick Entry suggestions from a visit note (spec 2.12, 4.8): rule-based, pure, no outside calls.
 * Reads Turkish, English and mixed notes with typos and missing accents (text.ts folds them).
 * This file assembles the suggestions, one step per block; the readers live beside it: catalogue.ts
 * (products, opportunities), people.ts, terms.ts (price, quantity, payment), dates.ts, trials.ts and
 * next-steps.ts. docs/crm-rules.md ("Quick Entry") lists the rules; test/unit/quick-entry/qe-suggest.spec.ts runs
 * them over the fixture test/fixtures/qe-notes.ts.
 */
import { canon, entryOf, matchEntries } from './catalogue';
import { DateHit, findDates } from './dates';
import { NextStepRole, nextSteps, sentencesOf, Unit, unitsOf } from './next-steps';
import { formatNumber } from './numbers';
import { matchPeople } from './people';
import { findBarePaymentDays, findPaymentTerms, findPrices, findQuantities, unitName } from './terms';
import { fold, Span, Token, tokenize } from './text';
import { TrialOutcome, trialOutcomes } from './trials';

export { findBarePaymentDays, findPaymentTerms, findPrices, findQuantities } from './terms';
export { NEXT_STEP_ROLES, NextStepRole } from './next-steps';
export { TrialOutcome, trialOutcomes } from './trials';

/** Spec 2.12: `kind` is `block` or a next-step kind (one of the workspace's next_actions). */
export interface SuggestionItem {
  id: string;
  kind: string;
  label: string;
  block: string;
  fields: Record<string, string>;
}

export interface SuggestContext {
  /** The workspace's today, `YYYY-MM-DD`, in its time zone. */
  today: string;
  /** app.currencies (ISO codes). */
  currencies: string[];
  /** app.units; a recognised unit is written as the workspace's spelling of it. */
  units: string[];
  /** constants.next_actions: a next action named literally in the note is suggested too. */
  nextActions: string[];
  nextActionRoles: Partial<Record<NextStepRole, string>>;
  trialResults: Partial<Record<TrialOutcome, string>>;
  stageLabels: Record<string, string>;
  products: { id: number; code: string; name: string }[];
  /** The company's people and open opportunities (empty without a customer). */
  people: { id: number; name: string }[];
  opps: { id: number; name: string; stage: string }[];
}

/** The note folded, its tokens, and the same tokens with catalogue words in their canonical form. */
interface Note {
  f: string;
  raw: Token[];
  tokens: Token[];
}
type Push = (item: SuggestionItem) => void;

/** All suggestions for a note, in the order contacts, opportunities, products, price, quantity, payment, trial, next steps. */
export function suggestFromNote(text: string, ctx: SuggestContext): SuggestionItem[] {
  const f = fold(text);
  const raw = tokenize(f);
  const note: Note = { f, raw, tokens: raw.map((t) => ({ ...t, t: t.num ? t.t : canon(t.t) })) };
  const items: SuggestionItem[] = [];
  const seen = new Set<string>();
  const push: Push = (item) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    items.push(item);
  };
  suggestContacts(note, ctx, push);
  suggestOpportunities(note, ctx, push);
  const productSpans = suggestProducts(note, ctx, push);
  const dates = suggestTerms(note, ctx, productSpans, push);
  const sentences = sentencesOf(f);
  const outcomeSentences = suggestTrials(f, sentences, ctx, push);
  suggestNextSteps(f, unitsOf(f, sentences, outcomeSentences, raw), dates, ctx, push);
  return items;
}

/** The company's people named in the note. */
function suggestContacts(note: Note, ctx: SuggestContext, push: Push): void {
  const byPerson = new Map(ctx.people.map((p) => [p.id, p]));
  for (const id of matchPeople(ctx.people, note.raw)) {
    const p = byPerson.get(id)!;
    push({ id: `contact-${id}`, kind: 'block', label: `Contact: ${p.name}`, block: 'contact', fields: { person_id: String(id), name: p.name } });
  }
}

/** The company's open opportunities, by name or by reference (`O-12`). */
function suggestOpportunities(note: Note, ctx: SuggestContext, push: Push): void {
  const oppEntries = ctx.opps.map((o) => entryOf(o.id, o.name));
  const oppIds = new Set(matchEntries(oppEntries, note.tokens, note.f, { allowUnique: false, allowNumeric: false }).map((m) => m.id));
  for (const m of note.f.matchAll(/\bo-?(\d{1,10})\b/g)) if (ctx.opps.some((o) => o.id === Number(m[1]))) oppIds.add(Number(m[1]));
  for (const o of ctx.opps.filter((x) => oppIds.has(x.id))) {
    const stage = ctx.stageLabels[o.stage] ?? o.stage;
    push({ id: `opp-${o.id}`, kind: 'block', label: `Opportunity: ${o.name} (${stage})`, block: 'opp', fields: { opp_id: String(o.id), name: o.name, stage: o.stage } });
  }
}

/** Products of the catalogue; answers the spans of the numbers that belong to their names. */
function suggestProducts(note: Note, ctx: SuggestContext, push: Push): Span[] {
  const { raw } = note;
  const productEntries = ctx.products.map((p) => entryOf(p.id, p.name, p.code));
  const productMatches = matchEntries(productEntries, note.tokens, note.f, { allowUnique: true, allowNumeric: true });
  const byProduct = new Map(ctx.products.map((p) => [p.id, p]));
  const productSpans: Span[] = [];
  for (const m of productMatches.sort((a, b) => Math.min(...a.positions) - Math.min(...b.positions))) {
    const p = byProduct.get(m.id)!;
    push({ id: `product-${p.id}`, kind: 'block', label: `Product: ${p.name} (${p.code})`, block: 'product', fields: { product_id: String(p.id), code: p.code, product: p.name } });
    // the numbers of a matched name ("Kraft Torba 25 kg") are no quantity
    const entry = productEntries.find((e) => e.id === m.id)!;
    for (const pos of m.positions) {
      for (let k = pos + 1; k <= pos + 3 && k < raw.length; k++) if (raw[k]!.num && entry.numbers.some((x) => x.n === raw[k]!.t)) productSpans.push({ start: raw[k]!.start, end: raw[k]!.end });
    }
  }
  return productSpans;
}

/** Price, quantity and payment terms; answers the note's dates (read around them, for the next steps). */
function suggestTerms(note: Note, ctx: SuggestContext, productSpans: Span[], push: Push): DateHit[] {
  const { f } = note;
  const prices = findPrices(f);
  for (const p of prices) {
    const unit = p.unit ? unitName(p.unit, ctx.units) : '';
    const fields: Record<string, string> = { price: formatNumber(p.price), currency: p.currency };
    if (unit) fields.unit = unit;
    push({ id: `price-${fields.price}-${p.currency}-${unit}`, kind: 'block', label: `Price: ${fields.price} ${p.currency}${unit ? `/${unit}` : ''}`, block: 'price', fields });
  }
  const payments = findPaymentTerms(f, prices);
  const quantities = findQuantities(f, [...prices, ...payments, ...productSpans]);
  const dates = findDates(f, ctx.today, [...prices, ...payments, ...quantities]);
  payments.push(...findBarePaymentDays(f, [...prices, ...payments, ...quantities, ...dates]));
  for (const q of quantities) {
    const unit = unitName(q.unit, ctx.units);
    const amount = formatNumber(q.amount);
    push({ id: `qty-${amount}-${unit}`, kind: 'block', label: `Quantity: ${amount} ${unit}`, block: 'quantity', fields: { kg: amount, unit } });
  }
  for (const p of payments.sort((a, b) => a.start - b.start)) {
    push({ id: `payment-${p.days}`, kind: 'block', label: p.days ? `Payment: ${p.days} days` : 'Payment: in advance', block: 'payment', fields: { payment_days: String(p.days) } });
  }
  return dates;
}

/** Trial results, sentence by sentence; answers the sentences that report one. */
function suggestTrials(f: string, sentences: Span[], ctx: SuggestContext, push: Push): Set<number> {
  const outcomeSentences = new Set<number>();
  sentences.forEach((s, i) => {
    for (const outcome of trialOutcomes(f.slice(s.start, s.end))) {
      outcomeSentences.add(i);
      const result = ctx.trialResults[outcome] ?? '';
      push({ id: `trial-${outcome}`, kind: 'block', label: `Trial: ${result || outcome}`, block: 'trial', fields: { outcome, ...(result ? { result } : {}) } });
    }
  });
  return outcomeSentences;
}

/** Next steps: the roles' next actions, and the workspace's other next actions named literally ("Technical audit"). */
function suggestNextSteps(f: string, units: Unit[], dates: DateHit[], ctx: SuggestContext, push: Push): void {
  const steps = nextSteps(units, dates, ctx.today);
  const mapped = new Set(Object.values(ctx.nextActionRoles));
  for (const action of ctx.nextActions.filter((a) => !mapped.has(a))) {
    const key = fold(action).trim();
    if (key.length < 3) continue;
    const at = f.indexOf(key);
    if (at < 0) continue;
    const unitDate = dates.find((d) => d.date && units.some((u) => u.start <= at && at <= u.end && d.start >= u.start && d.end <= u.end));
    steps.push({ role: null, custom: action, date: unitDate?.date ?? null });
  }
  const dated = new Set(steps.filter((s) => s.date).map((s) => s.custom ?? s.role));
  for (const s of steps) {
    const action = s.custom ?? (s.role ? ctx.nextActionRoles[s.role] : undefined);
    if (s.role && !action) continue; // the workspace has no next action for this role
    if (!s.date && dated.has(s.custom ?? s.role)) continue; // the dated one says more
    if (action) {
      push({
        id: `next-${fold(action).replace(/[^a-z0-9]+/g, '-')}-${s.date ?? 'open'}`,
        kind: action,
        label: s.date ? `${action} · ${s.date}` : action,
        block: 'next',
        fields: { action, ...(s.date ? { date: s.date } : {}) },
      });
    } else if (s.date) {
      push({ id: `next-date-${s.date}`, kind: 'block', label: `Next step · ${s.date}`, block: 'next', fields: { date: s.date } });
    }
  }
}
