import type { Page } from 'playwright-core';
import { defaultLabels, type LabelMap } from '../../src/domain/workspace/labels';

const all = (m: LabelMap): Set<string> => new Set(Object.values(m).flatMap((x) => Object.values(x ?? {})));
// the common lists' and the features' blocks' (orders, tickets): test/helpers/contract-setup.ts registers the blocks
const EN = all(defaultLabels().en);
const TR = all(defaultLabels().tr);
/** Labels that must not show in a language: the other language's, unless the same word is this language's too. */
const FORBIDDEN = { tr: [...EN].filter((x) => !TR.has(x)), en: [...TR].filter((x) => !EN.has(x)) };

/**
 * The other language's constants on the page (default-labels.ts and the blocks': a label of the other language that is not also
 * one of this language): whole-word matches in the page's text and its options (selects keep the keys as values).
 */
export async function foreignLabels(page: Page, lang: 'en' | 'tr'): Promise<string[]> {
  const text = await page.evaluate<string>("[document.body.innerText, ...[...document.querySelectorAll('option')].map((o) => o.textContent)].join('\\n')");
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found: string[] = [];
  for (const label of FORBIDDEN[lang]) {
    const m = new RegExp(`(?<![\\p{L}\\p{N}])${esc(label)}(?![\\p{L}\\p{N}])`, 'u').exec(text);
    // the label with the text around it, so a failure says where it is
    if (m) found.push(`${label} in "${text.slice(Math.max(0, m.index - 40), m.index + label.length + 40).replace(/\s+/g, ' ')}"`);
  }
  return found;
}
