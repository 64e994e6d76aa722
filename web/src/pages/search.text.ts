import { screenText } from '../lib/i18n';

/** The search screen's texts. */
export const useSearchText = screenText(
  {
    resultsFor: 'Results for “{q}”',
    hint: 'Type a name in the search box at the top.',
    company: 'Companies',
    person: 'People',
    opportunity: 'Opportunities',
    more: 'More matches: see all {what}',
  },
  {
    resultsFor: '“{q}” için sonuçlar',
    hint: 'Üstteki arama kutusuna bir ad yazın.',
    company: 'Firmalar',
    person: 'Kişiler',
    opportunity: 'Fırsatlar',
    more: 'Daha fazla sonuç: tüm {what}',
  },
);
