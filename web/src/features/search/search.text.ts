import { screenText } from '../../lib/i18n';

/** The search screen's texts. */
export const useSearchText = screenText(
  {
    resultsFor: 'Results for “{q}”',
    hint: 'Type a name, a record key (O-12), a PO number or words from a task or a visit in the search box at the top.',
    company: 'Companies',
    person: 'People',
    opportunity: 'Opportunities',
    task: 'Tasks',
    activity: 'Visits and activities',
    order: 'Orders',
    lead: 'Leads',
    more: 'More matches: see all {what}',
    ofCompany: 'Company:',
    ofOpportunity: 'Opportunity:',
    untitled: 'Untitled',
  },
  {
    resultsFor: '“{q}” için sonuçlar',
    hint: 'Üstteki arama kutusuna bir ad, kayıt anahtarı (O-12), sipariş (PO) numarası ya da bir görev veya ziyaretten kelimeler yazın.',
    company: 'Firmalar',
    person: 'Kişiler',
    opportunity: 'Fırsatlar',
    task: 'Görevler',
    activity: 'Ziyaretler ve aktiviteler',
    order: 'Siparişler',
    lead: 'Adaylar',
    more: 'Daha fazla sonuç: tüm {what}',
    ofCompany: 'Firma:',
    ofOpportunity: 'Fırsat:',
    untitled: 'Adsız',
  },
);
