import { chooseTemplate } from '../../../src/domain/crm/quick-entry/config.rules';
import { findDates } from '../../../src/domain/crm/quick-entry/dates';
import { formatNumber, parseNumber } from '../../../src/domain/crm/quick-entry/numbers';
import { findBarePaymentDays, findPaymentTerms, findPrices, findQuantities, suggestFromNote, SuggestContext, trialOutcomes } from '../../../src/domain/crm/quick-entry/suggest.rules';
import { fold } from '../../../src/domain/crm/quick-entry/text';
import { quickEntryConstantsFor } from '../../../src/platform/database/migrations/1795390000000-QuickEntry';
import { mergeConstants, validateConstants } from '../../../src/domain/workspace/constants';
import { defaultApp, defaultConstants } from '../../../src/domain/workspace/defaults';
import type { QeTemplate } from '../../../src/domain/crm/quick-entry/quick-entry.constants';
import { turkishConstants } from '../../helpers/renamed-constants';

const TODAY = '2026-11-25'; // a Wednesday
const d = defaultConstants();
const app = defaultApp('Unit');
const ctx = (over: Partial<SuggestContext> = {}): SuggestContext => ({
  today: TODAY,
  currencies: app.currencies,
  units: app.units,
  nextActions: d.next_actions,
  nextActionRoles: d.qe_next_action_roles,
  trialResults: d.qe_trial_results,
  stageLabels: d.stage_labels,
  products: [
    { id: 1, code: 'SF-17', name: 'Streç Film 17 mic' },
    { id: 2, code: 'SF-23', name: 'Streç Film 23 mic' },
    { id: 3, code: 'MB-W60', name: 'Beyaz Masterbatch' },
  ],
  people: [],
  opps: [],
  ...over,
});
const blocks = (note: string, block: string, c = ctx()) => suggestFromNote(note, c).filter((i) => i.block === block).map((i) => i.fields);
const dateOf = (text: string) => findDates(fold(text), TODAY).map((h) => h.date);

describe('numbers (Turkish and English)', () => {
  it.each([
    ['12,5', 12.5], ['3.40', 3.4], ['1.250', 1250], ['1,250', 1250], ['50.000', 50000], ['1.250,50', 1250.5], ['1,250.50', 1250.5], ['0,125', 0.125], ['2', 2], ['1.000.000', 1000000],
  ])('%s is %d', (raw, n) => expect(parseNumber(raw)).toBe(n));
  it('writes numbers without trailing zeros', () => expect([formatNumber(12.5), formatNumber(5000), formatNumber(2.8)]).toEqual(['12.5', '5000', '2.8']));
});

describe('folding', () => {
  it('removes accents, Turkish dotless i, case and apostrophes', () => {
    expect(fold("İSTANBUL'da Streç Film ıslak ŞİŞE")).toBe('istanbulda strec film islak sise');
    expect(fold("I'll call, we won't")).toBe('i will call, we wo not');
  });
});

describe('prices', () => {
  it.each([
    ['12,5 TL/kg', { price: 12.5, currency: 'TRY', unit: 'kg' }],
    ['€3.40 per kg', { price: 3.4, currency: 'EUR', unit: 'kg' }],
    ['2.80 USD', { price: 2.8, currency: 'USD', unit: null }],
    ['0,38 $', { price: 0.38, currency: 'USD', unit: null }],
    ['1,41 €/kg', { price: 1.41, currency: 'EUR', unit: 'kg' }],
    ['2.800 USD/ton', { price: 2800, currency: 'USD', unit: 't' }],
    ['0,42 usd/adet', { price: 0.42, currency: 'USD', unit: 'pcs' }],
  ])('%s', (text, expected) => expect(findPrices(fold(text))).toEqual([expect.objectContaining(expected)]));
  it('writes the unit as the workspace spells it', () => {
    expect(blocks('fiyat 2,1 EUR/ton', 'price', ctx({ units: ['kg', 'ton'] }))).toEqual([{ price: '2.1', currency: 'EUR', unit: 'ton' }]);
  });
});

describe('payment terms', () => {
  it.each([
    ['60 gün vade', 60], ['vade 60 gun', 60], ['60 günlük vadeli', 60], ['vadeyi 90 güne çıkarmak istiyorlar', 90], ['net 30', 30], ['90 days payment', 90], ['payment terms: 45 days', 45], ['peşin ödeme', 0],
  ])('%s', (text, days) => expect(findPaymentTerms(fold(text)).map((p) => p.days)).toEqual([days]));
  it('reads a bare "30 days" as terms but not a date ("in 30 days", "10 gün sonra")', () => {
    expect(findBarePaymentDays(fold('they pay 45 days'), []).map((p) => p.days)).toEqual([45]);
    expect(findBarePaymentDays(fold('call in 30 days'), [])).toEqual([]);
    expect(findBarePaymentDays(fold('10 gün sonra ara'), [])).toEqual([]);
    expect(findPaymentTerms(fold('net 25 kg'))).toEqual([]);
  });
});

describe('quantities (tonnes to kg)', () => {
  it.each([
    ['5 ton', 5000, 'kg'], ['2,5 t', 2500, 'kg'], ['500 kg', 500, 'kg'], ['15 tonnes per month', 15000, 'kg'], ['1.250 ton/yıl', 1250000, 'kg'], ['50.000 adet', 50000, 'pcs'], ['150 bin adet', 150000, 'pcs'], ['20 tonluk', 20000, 'kg'],
  ])('%s', (text, amount, unit) => expect(findQuantities(fold(text))).toEqual([expect.objectContaining({ amount, unit })]));
  it('does not read a price or a tonne that is a word ("tone") as a quantity', () => {
    expect(blocks('12,5 TL/kg', 'quantity')).toEqual([]);
    expect(findQuantities(fold('5 tonerler'))).toEqual([]);
  });
});

describe('trial results', () => {
  it.each([
    ['deneme olumlu', ['positive']], ['denme olumluu', ['positive']], ['deneme olumsuz', ['negative']], ['trial failed', ['negative']], ['the trial faild again', ['negative']],
    ['still testing', ['ongoing']], ['test devam ediyor', ['ongoing']], ['deneme kısmen başarılı', ['partial']], ['trial partly successful', ['partial']], ['deneme olumlu değil', ['negative']], ['trial went well', ['positive']],
  ])('%s', (text, outcomes) => expect(trialOutcomes(fold(text))).toEqual(outcomes));
  it('needs a trial or result word in the sentence', () => expect(trialOutcomes(fold('fiyat konusunda olumsuz'))).toEqual([]));
  it("maps the outcome to the workspace's demo result", () => expect(blocks('Deneme başarısız.', 'trial')).toEqual([{ outcome: 'negative', result: 'Unsuccessful' }]));
});

describe('dates against the workspace today (Wednesday 2026-11-25)', () => {
  it.each([
    ['yarın', '2026-11-26'], ['tomorrow', '2026-11-26'], ['öbür gün', '2026-11-27'], ['the day after tomorrow', '2026-11-27'],
    ['haftaya salı', '2026-12-01'], ['next Tuesday', '2026-12-01'], ['salı günü', '2026-12-01'], ['on Friday', '2026-11-27'], ['bu cuma', '2026-11-27'], ['çarşamba', '2026-12-02'],
    ['haftaya', '2026-12-02'], ['next week', '2026-11-30'], ['önümüzdeki hafta', '2026-11-30'],
    ['in 2 weeks', '2026-12-09'], ['2 hafta sonra', '2026-12-09'], ['10 gün içinde', '2026-12-05'], ['in a month', '2026-12-25'], ['3 güne', '2026-11-28'],
    ['ay sonu', '2026-11-30'], ['end of the month', '2026-11-30'], ['hafta sonuna kadar', '2026-11-27'], ['ay başı', '2026-12-01'], ['next month', '2026-12-01'],
    ['15 Aralık', '2026-12-15'], ["15 Aralık'ta", '2026-12-15'], ['15 aralik', '2026-12-15'], ['December 15th', '2026-12-15'], ['10 Dec', '2026-12-10'], ['3 Ocak', '2027-01-03'], ['15.12.2026', '2026-12-15'],
    ['on the 8th', '2026-12-08'], ["ayın 28'i", '2026-11-28'],
  ])('%s → %s', (text, date) => expect(dateOf(text)).toEqual([date]));
  it('reads recent past dates as past (no next step) and needs a day beside a month name', () => {
    expect(dateOf('10 Kasım')).toEqual([null]);
    expect(dateOf('dün')).toEqual([null]);
    expect(dateOf('3 gün önce')).toEqual([null]);
    expect(dateOf('ocak ayında')).toEqual([]);
    expect(dateOf('pazar payı')).toEqual([]);
  });
});

describe('products from the catalogue', () => {
  const codes = (note: string) => blocks(note, 'product').map((f) => f.code);
  it('matches without accents, in English and by code', () => {
    expect(codes('streç film 23 mic')).toEqual(['SF-23']);
    expect(codes('strec film 23mic')).toEqual(['SF-23']);
    expect(codes('stretch film 17 micron')).toEqual(['SF-17']);
    expect(codes('white masterbatch')).toEqual(['MB-W60']);
    expect(codes('new lot of MB-W60')).toEqual(['MB-W60']);
    expect(codes('sf 17 sipariş')).toEqual(['SF-17']);
  });
  it('suggests every product a vague mention fits, and nothing for unrelated words', () => {
    expect(codes('streç film').sort()).toEqual(['SF-17', 'SF-23']);
    expect(codes('bubble wrap and carton boxes')).toEqual([]);
  });
});

describe('contacts and opportunities of the company', () => {
  const c = ctx({
    people: [{ id: 1, name: 'Ahmet Yılmaz' }, { id: 2, name: 'Can Öztürk' }, { id: 3, name: 'Ayşe Şahin' }],
    opps: [{ id: 9, name: 'Streç film 2027 yıllık anlaşma', stage: 'Negotiation' }],
  });
  const people = (note: string) => blocks(note, 'contact', c).map((f) => f.person_id);
  it('finds full names, first names with Bey/Hanım, Mr + surname and suffixed names', () => {
    expect(people('ahmet bey ile gorustuk')).toEqual(['1']);
    expect(people('Mr Yilmaz called')).toEqual(['1']);
    expect(people("Ayşe Şahin'e numune gönderildi")).toEqual(['3']);
    expect(people('Can Bey aradı')).toEqual(['2']);
    expect(people('spoke with Can')).toEqual(['2']);
    expect(people('we can do 60 days')).toEqual([]);
  });
  it('finds an open opportunity named in the note, with its stage', () => {
    expect(blocks('yıllık anlaşma konuşuldu', 'opp', c)).toEqual([{ opp_id: '9', name: 'Streç film 2027 yıllık anlaşma', stage: 'Negotiation' }]);
  });
});

describe('next steps', () => {
  const steps = (note: string, c = ctx()) => suggestFromNote(note, c).filter((i) => i.block === 'next').map((i) => ({ kind: i.kind, ...i.fields }));
  it("suggests the workspace's next action of each planned step, with its date", () => {
    expect(steps('Haftaya salı tekrar arayacağım.')).toEqual([{ kind: 'Call', action: 'Call', date: '2026-12-01' }]);
    expect(steps('Send samples next Wednesday.')).toEqual([{ kind: 'Send samples', action: 'Send samples', date: '2026-12-02' }]);
    expect(steps('Teklif hazırlanacak.')).toEqual([{ kind: 'Send offer', action: 'Send offer' }]);
  });
  it('suggests nothing for what was already done, and the date alone without an action', () => {
    expect(steps('12,5 TL/kg teklif verdik.')).toEqual([]);
    expect(steps('Karar 2 hafta içinde.')).toEqual([{ kind: 'block', date: '2026-12-09' }]);
  });
  it('takes the action of the clause before a bare date, and "again" repeats the last one', () => {
    expect(steps('numune götüreceğim, perşembe günü.')).toEqual([{ kind: 'Send samples', action: 'Send samples', date: '2026-11-26' }]);
    expect(steps('Ahmet Beyi aradım, ulaşamadım. Yarın tekrar denerim.')).toEqual([{ kind: 'Call', action: 'Call', date: '2026-11-26' }]);
  });
  it("uses the workspace's own next actions (renamed roles, and literal names)", () => {
    const c = ctx({ nextActions: ['Ara', 'Teknik ziyaret'], nextActionRoles: { call: 'Ara' } });
    expect(steps('Call them tomorrow. Teknik ziyaret planlandı.', c)).toEqual([
      { kind: 'Ara', action: 'Ara', date: '2026-11-26' },
      { kind: 'Teknik ziyaret', action: 'Teknik ziyaret' },
    ]);
    // a role the workspace does not map is not suggested
    expect(steps('send samples', c)).toEqual([]);
  });
});

describe('template choice', () => {
  const tpl = (id: number, team: string, vtype: string, is_default = false): QeTemplate => ({ id, name: `T${id}`, icon: '', topic: '', team, vtype, is_default, blocks: [] });
  const ts = [tpl(1, '', 'F2F', true), tpl(2, '', 'Call'), tpl(3, 'Technical', ''), tpl(4, 'Export', 'Call')];
  it('prefers the department, then the type, then the default', () => {
    expect(chooseTemplate(ts, 'Sales', null)).toBe(1);
    expect(chooseTemplate(ts, 'Sales', 'Call')).toBe(2);
    expect(chooseTemplate(ts, 'technical', 'Call')).toBe(3);
    expect(chooseTemplate(ts, 'Export', 'Call')).toBe(4);
    expect(chooseTemplate(ts, 'Export', null)).toBe(4);
    expect(chooseTemplate([], 'Sales', null)).toBeNull();
    expect(chooseTemplate([tpl(7, 'Export', '')], 'Sales', null)).toBe(7);
  });
});

describe('Quick Entry constants', () => {
  it('validates templates, role maps and icons', () => {
    const errs = (patch: Record<string, unknown>) => validateConstants(mergeConstants(d, patch));
    expect(errs({})).toEqual([]);
    expect(errs({ qe_next_action_roles: { call: 'Phone' } })).toEqual(['qe_next_action_roles.call: Phone is not one of next_actions']);
    expect(errs({ qe_next_action_roles: { fax: 'Call' } })[0]).toMatch(/^qe_next_action_roles\.fax: unknown key/);
    expect(errs({ qe_trial_results: { positive: 'Great' } })).toEqual(['qe_trial_results.positive: Great is not one of demo_results']);
    expect(errs({ qe_visit_type_icons: { Fax: 'printer' } })).toEqual(['qe_visit_type_icons.Fax: not one of visit_types']);
    expect(errs({ qe_undo_seconds: -1 })).toEqual(['qe_undo_seconds: must be a whole number of seconds from 0 to 600']);
    const t0 = d.qe_templates[0]!;
    expect(errs({ qe_templates: [t0, { ...t0 }] })).toEqual(expect.arrayContaining(['qe_templates[1].id: 1 appears twice', 'qe_templates: at most one template may be the default (found 2)']));
    expect(errs({ qe_templates: [{ ...t0, vtype: 'Fax', blocks: [{ ...t0.blocks[0]!, k: 'weather', st: 'open' }] }] })).toEqual(
      expect.arrayContaining(['qe_templates[0].vtype: must be one of visit_types or empty', expect.stringMatching(/^qe_templates\[0\]\.blocks\[0\]\.k: must be one of/)]),
    );
    expect(errs({ qe_templates: [{ ...t0, blocks: [{ ...t0.blocks[0]!, st: 'maybe', def: { colour: 'red' }, fl: ['x'] }] }] })).toHaveLength(3);
  });

  it('the migration gives existing workspaces valid Quick Entry constants, adapted to their lists', () => {
    const { qe_templates: _t, qe_undo_seconds: _u, qe_next_action_roles: _r, qe_trial_results: _tr, qe_visit_type_icons: _i, labels: _l, ...old } = turkishConstants();
    expect(validateConstants({ ...quickEntryConstantsFor(old), ...old })).toEqual([]);
    const renamed = { ...old, next_actions: ['Ara', 'Ziyaret'], demo_results: ['Olumlu', 'Olumsuz'], visit_types: ['Yüz yüze'], visit_topics: ['Tanışma'], lead_visit_type: 'Yüz yüze' };
    const qe = quickEntryConstantsFor(renamed);
    expect(qe.qe_next_action_roles).toEqual({});
    expect(qe.qe_visit_type_icons).toEqual({});
    expect(validateConstants({ ...qe, ...renamed })).toEqual([]);
  });
});

describe('cost', () => {
  const cpuMs = (read: () => void): number => {
    const t0 = process.cpuUsage();
    read();
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / 1000;
  };

  it('reads a hostile 4,000-character note against 2,000 products and 500 people about as fast as an ordinary one', () => {
    const words = ['strec', 'film', 'deneme', 'olumlu', 'teklif', 'haftaya', 'sali', 'ton', '12,5', 'TL/kg', '1.1.1', 'in 2 -', 'ziyaret'];
    const big = ctx({
      products: Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, code: `P-${i}`, name: `Product ${words[i % words.length]} number ${i} film ${i % 7} mic` })),
      people: Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Person${i} Surname${i}` })),
    });
    const ordinary = 'Visited Ahmet, offered film at 2.05 EUR/kg, call back next week. ';
    for (const note of [Array.from({ length: 700 }, (_, i) => words[(i * 7) % words.length]).join(' ').slice(0, 4000), '12 '.repeat(1333), '1.'.repeat(1999) + 'x', 'in 2 - 3 - 4 - '.repeat(260)]) {
      // CPU time, not wall time, and against an ordinary note of the same length read just before: a fixed bound
      // (1.5 s) failed on a host 2.5x slower than usual, while a reader gone super-linear on a hostile note
      // (backtracking, a scan of the products per token) costs far more than ten ordinary notes. Measured:
      // the hostile notes cost 0.8-3.3x the ordinary one.
      const base = cpuMs(() => suggestFromNote(ordinary.repeat(Math.ceil(note.length / ordinary.length)).slice(0, note.length), big));
      const hostile = cpuMs(() => suggestFromNote(note, big));
      expect(hostile).toBeLessThan(10 * Math.max(base, 20));
    }
  });
});
