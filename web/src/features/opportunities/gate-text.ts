import { screenText } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { stageLabel } from './opportunity-parts';

/**
 * A gate's problems as people read them. The API reports them as English sentences (docs/crm-rules.md, "Gates"),
 * a passed stage's prefixed with its stage key (`Viable: no product chosen`): the app shows the stage's label
 * and the sentence in the user's language; a sentence it does not know is shown as the API wrote it.
 */
const useGateText = screenText(
  {
    bantMin: 'BANT score is {x}; at least {n} needed',
    budget: 'budget not confirmed (BANT B)',
    authority: 'decision maker not known (BANT A)',
    need: 'need not confirmed (BANT N)',
    timing: 'timing not agreed (BANT T)',
    product: 'no product chosen',
    offerPrice: 'no offer price',
    paymentDays: 'no payment terms',
    closeDate: 'no expected close date',
    closeDatePast: 'close date is in the past',
    value: 'value must be above zero',
  },
  {
    bantMin: 'BANT puanı {x}; en az {n} gerekli',
    budget: 'bütçe teyit edilmedi (BANT B)',
    authority: 'karar verici belli değil (BANT A)',
    need: 'ihtiyaç teyit edilmedi (BANT N)',
    timing: 'zamanlama üzerinde anlaşılmadı (BANT T)',
    product: 'ürün seçilmedi',
    offerPrice: 'teklif fiyatı yok',
    paymentDays: 'ödeme vadesi yok',
    closeDate: 'beklenen kapanış tarihi yok',
    closeDatePast: 'kapanış tarihi geçmişte',
    value: 'tutar sıfırdan büyük olmalı',
  },
);

/** The API's sentence of each problem (as written by the domain rules), by text key. */
const SENTENCES = {
  budget: 'budget not confirmed (BANT B)',
  authority: 'decision maker not known (BANT A)',
  need: 'need not confirmed (BANT N)',
  timing: 'timing not agreed (BANT T)',
  product: 'no product chosen',
  offerPrice: 'no offer price',
  paymentDays: 'no payment terms',
  closeDate: 'no expected close date',
  closeDatePast: 'close date is in the past',
  value: 'value must be above zero',
} as const;
const BY_SENTENCE = new Map<string, keyof typeof SENTENCES>(Object.entries(SENTENCES).map(([k, v]) => [v, k as keyof typeof SENTENCES]));
const BANT_MIN = /^BANT score is (\d+); at least (\d+) needed$/;

/** `(problem) => text`: a gate problem of the API in the user's language, with stage labels instead of keys. */
export function useGateProblem(): (problem: string) => string {
  const c = useMe().constants;
  const text = useGateText();
  const sentence = (p: string): string => {
    const key = BY_SENTENCE.get(p);
    if (key) return text(key);
    const bant = BANT_MIN.exec(p);
    return bant ? text('bantMin', { x: bant[1]!, n: bant[2]! }) : p;
  };
  return (p) => {
    const i = p.indexOf(': ');
    if (i > 0 && c.stages.includes(p.slice(0, i))) return `${stageLabel(c, p.slice(0, i))}: ${sentence(p.slice(i + 2))}`;
    return sentence(p);
  };
}
