import { defaultConstants } from '../../../src/domain/workspace/defaults';
import * as R from '../../../src/domain/crm/opportunities/opportunities.rules';
import { turkishConstants } from '../../helpers/renamed-constants';

const c = defaultConstants();
const TODAY = '2026-06-15';
const facts = (over: Partial<R.OppFacts> = {}): R.OppFacts => ({
  value: 0, productId: null, closeDate: null, offerPrice: null, paymentDays: null, bantB: false, bantA: false, bantN: false, bantT: false, ...over,
});

describe('gates', () => {
  it.each<[string, Partial<R.OppFacts>, string[]]>([
    ['Viable', {}, ['BANT score is 0; at least 2 needed', 'no product chosen']],
    ['Viable', { bantB: true, bantA: true }, ['no product chosen']],
    ['Viable', { bantB: true, bantA: true, productId: 1 }, []],
    ['Present Solution', {}, ['need not confirmed (BANT N)', 'no expected close date']],
    ['Present Solution', { bantN: true, closeDate: '2026-07-01' }, []],
    ['Negotiation', { offerPrice: 0, paymentDays: null }, ['no offer price', 'no payment terms']],
    ['Negotiation', { offerPrice: 1.2, paymentDays: 0 }, []],
    ['Expect to Close', { bantB: true, bantA: true, closeDate: '2026-06-14' }, ['BANT score is 2; at least 3 needed', 'close date is in the past']],
    ['Expect to Close', { bantB: true, bantA: true, bantT: true, closeDate: TODAY }, []],
    ['Expect to Close', { bantB: true, bantA: true, bantT: true }, ['no expected close date']],
    ['Win', { value: 0 }, ['value must be above zero']],
    ['Win', { value: 0.01 }, []],
    ['Qualify', {}, []],
    ['Lost', {}, []],
  ])('%s with %j', (stage, over, problems) => expect(R.gateProblems(c, facts(over), stage, TODAY)).toEqual(problems));

  it.each<[string, string, string[]]>([
    ['Qualify', 'Viable', ['Viable']],
    ['Qualify', 'Negotiation', ['Viable', 'Present Solution', 'Negotiation']],
    ['Negotiation', 'Viable', []],
    ['Qualify', 'Win', ['Win']],
    ['Viable', 'Lost', []],
    ['Viable', 'Cancel', []],
  ])('moving %s -> %s checks %j', (from, to, gates) => expect(R.gatesForMove(c, from, to)).toEqual(gates));

  it('prefixes problems of intermediate stages', () => {
    expect(R.moveProblems(c, facts({ bantB: true, bantA: true, bantN: true, productId: 1 }), 'Qualify', 'Negotiation', TODAY)).toEqual([
      'Present Solution: no expected close date',
      'no offer price',
      'no payment terms',
    ]);
  });
});

describe('stages', () => {
  it.each([
    ['Qualify', 'Viable'],
    ['Expect to Close', 'Win'],
    ['Win', ''],
    ['Lost', ''],
  ])('next after %s is %s', (s, n) => expect(R.nextStage(c, s)).toBe(n));
  it('counts BANT', () => expect(R.bantScore({ bantB: true, bantA: false, bantN: true, bantT: true })).toBe(3));
});

describe('SLA and lifetime', () => {
  it.each<[string, string, R.Sla]>([
    ['Qualify', '2026-06-15', { days_in_stage: 0, sla_days: 14, sla_left: 14 }],
    ['Qualify', '2026-06-01', { days_in_stage: 14, sla_days: 14, sla_left: 0 }],
    ['Negotiation', '2026-05-01', { days_in_stage: 45, sla_days: 30, sla_left: -15 }],
    ['Win', '2026-05-01', { days_in_stage: 45, sla_days: 0, sla_left: 0 }],
  ])('%s since %s', (stage, since, out) => expect(R.sla(c, stage, since, TODAY)).toEqual(out));
  it.each([
    ['2026-06-15', 180, true, 180],
    ['2025-12-17', 180, true, 0],
    ['2025-11-17', 180, true, -30],
    ['2025-11-15', 180, false, 0],
  ])('lifetime from %s of %i days (open %s) leaves %i', (start, days, open, left) => expect(R.lifetimeLeft(start as string, days as number, TODAY, open as boolean)).toBe(left));
});

describe('money', () => {
  const rates = { EUR: 1, USD: 0.92, TRY: 0.027 };
  it.each([
    [1000, 'EUR', 1000],
    [1000, 'USD', 920],
    [123456.78, 'TRY', 3333.33],
    [500, 'GBP', 0],
  ])('%d %s in EUR is %d', (v, cur, out) => expect(R.toBase(v, cur, 'EUR', rates)).toBe(out));
  it.each([
    ['Qualify', null, 0.1],
    ['Negotiation', null, 0.6],
    ['Negotiation', 35, 0.35],
    ['Negotiation', 150, 1],
    ['Win', 20, 1],
    ['Lost', 90, 0],
  ])('probability of %s with manual %s is %d', (stage, manual, p) => expect(R.prob(c, stage as string, manual as number | null)).toBe(p));
  it('weighted value is value_base x prob', () => expect(R.round2(R.toBase(1000, 'USD', 'EUR', rates) * R.prob(c, 'Negotiation', null))).toBe(552));
  it.each([
    [950, '€950'],
    [12500, '€12.5k'],
    [2_000_000, '€2M'],
    [1_250_000, '€1.3M'],
  ])('value_short of %d', (v, s) => expect(R.valueShort(v, '€')).toBe(s));
  it.each([
    ['Qualify', null, 'Pipeline'],
    ['Negotiation', null, 'Best case'],
    ['Expect to Close', null, 'Commit'],
    ['Win', null, 'Closed'],
    ['Cancel', null, 'Omitted'],
    ['Qualify', 'Commit', 'Commit'],
  ])('forecast category of %s (manual %s) is %s', (stage, manual, fc) => expect(R.forecastCategory(c, stage as string, manual)).toBe(fc));
});

describe('health', () => {
  const base: R.HealthInput = { open: true, daysSinceActivity: 0, slaLeft: 5, slaDays: 14, nextStep: 'call', bant: 3, closeDate: null, lifetimeLeft: 100, today: TODAY };
  it.each<[string, Partial<R.HealthInput>, number, string, string[]]>([
    ['fresh', {}, 100, 'A', []],
    ['stale', { daysSinceActivity: 14 }, 75, 'B', ['stale']],
    ['SLA overdue (at best B)', { slaLeft: -1 }, 80, 'B', ['sla_overdue']],
    ['no next step', { nextStep: '  ' }, 85, 'A', ['no_next_step']],
    ['low BANT', { bant: 1 }, 85, 'A', ['low_bant']],
    ['close date past (at best B)', { closeDate: '2026-06-14' }, 85, 'B', ['close_date_past']],
    ['close date today', { closeDate: TODAY }, 100, 'A', []],
    ['lifetime exceeded', { lifetimeLeft: -1 }, 90, 'A', ['lifetime_exceeded']],
    ['stale + SLA', { daysSinceActivity: 30, slaLeft: -10 }, 55, 'C', ['stale', 'sla_overdue']],
    ['everything', { daysSinceActivity: 30, slaLeft: -10, nextStep: '', bant: 0, closeDate: '2026-01-01', lifetimeLeft: -5 }, 0, 'D', ['stale', 'sla_overdue', 'no_next_step', 'low_bant', 'close_date_past', 'lifetime_exceeded']],
  ])('%s', (_name, over, score, grade, codes) => {
    const h = R.health({ ...base, ...over });
    expect([h.score, h.grade, h.why.map((w) => w[0])]).toEqual([score, grade, codes]);
  });
  it('keeps the computed score under a manual grade', () => {
    expect(R.health({ ...base, daysSinceActivity: 30, manual: { grade: 'A', label: '' } })).toMatchObject({ grade: 'A', label: 'Healthy', score: 75, color: 'green' });
  });
  it('has no health when closed', () => expect(R.health({ ...base, open: false })).toMatchObject({ grade: '-', label: 'Closed', why: [] }));
});

describe('trend', () => {
  it.each<[{ from: string | null; to: string } | null, string]>([
    [null, 'flat'],
    [{ from: null, to: 'Qualify' }, 'flat'],
    [{ from: 'Qualify', to: 'Viable' }, 'up'],
    [{ from: 'Negotiation', to: 'Viable' }, 'down'],
    [{ from: 'Negotiation', to: 'Win' }, 'up'],
    [{ from: 'Negotiation', to: 'Lost' }, 'down'],
  ])('%j is %s', (last, tr) => expect(R.trend(c, last).trend).toBe(tr));
});

describe('roles and the stages of a renamed (Turkish) installation', () => {
  const tr = turkishConstants();
  const f = facts;

  it('has the default roles', () => {
    expect(c.stages.map((s) => R.roleOf(c, s))).toEqual(['open', 'open', 'open', 'open', 'open', 'won', 'lost', 'cancelled']);
    expect(tr.stages.map((s) => R.roleOf(tr, s))).toEqual(['open', 'open', 'open', 'open', 'open', 'won', 'lost', 'cancelled']);
    expect(R.wonStage(tr)).toBe('Kazanıldı');
    expect(tr.stages.filter((s) => R.isLostOrCancelled(tr, s))).toEqual(['Kaybedildi', 'İptal']);
    // a stage that is not in open_stages and has no role counts as cancelled
    expect(R.roleOf({ stage_roles: {}, open_stages: ['A'] }, 'A')).toBe('open');
    expect(R.roleOf({ stage_roles: {}, open_stages: ['A'] }, 'B')).toBe('cancelled');
  });

  it.each<[string, Partial<R.OppFacts>, string[]]>([
    ['Uygun', {}, ['BANT score is 0; at least 2 needed', 'no product chosen']],
    ['Uygun', { bantB: true, bantA: true, productId: 1 }, []],
    ['Çözüm Sunumu', {}, ['need not confirmed (BANT N)', 'no expected close date']],
    ['Pazarlık', { offerPrice: 0 }, ['no offer price', 'no payment terms']],
    ['Kapanış Bekleniyor', { bantB: true, bantA: true, closeDate: '2026-06-14' }, ['BANT score is 2; at least 3 needed', 'close date is in the past']],
    ['Kazanıldı', { value: 0 }, ['value must be above zero']],
    ['Kaybedildi', {}, []],
    // the default keys mean nothing to this installation
    ['Viable', {}, []],
    ['Win', {}, []],
  ])('gate of %s with %j', (stage, over, problems) => expect(R.gateProblems(tr, f(over), stage, TODAY)).toEqual(problems));

  it('moves: cumulative gates forward, the won gate, none back or to lost/cancelled', () => {
    expect(R.gatesForMove(tr, 'Nitelendirme', 'Pazarlık')).toEqual(['Uygun', 'Çözüm Sunumu', 'Pazarlık']);
    expect(R.gatesForMove(tr, 'Pazarlık', 'Uygun')).toEqual([]);
    expect(R.gatesForMove(tr, 'Uygun', 'Kazanıldı')).toEqual(['Kazanıldı']);
    expect(R.gatesForMove(tr, 'Uygun', 'Kaybedildi')).toEqual([]);
    expect(R.gatesForMove(tr, 'Uygun', 'İptal')).toEqual([]);
    expect(R.moveProblems(tr, f({ bantB: true, bantA: true, bantN: true, productId: 1 }), 'Nitelendirme', 'Pazarlık', TODAY)).toEqual([
      'Çözüm Sunumu: no expected close date',
      'no offer price',
      'no payment terms',
    ]);
  });

  it('evaluates every rule of the vocabulary', () => {
    const all = { stage_gates: { X: { bant_min: 4, budget: true, authority: true, need: true, timing: true, product: true, offer_price: true, payment_days: true, close_date_future: true, value_positive: true } } };
    expect(R.gateProblems(all, f(), 'X', TODAY)).toEqual([
      'BANT score is 0; at least 4 needed',
      'budget not confirmed (BANT B)',
      'decision maker not known (BANT A)',
      'need not confirmed (BANT N)',
      'timing not agreed (BANT T)',
      'no product chosen',
      'no offer price',
      'no payment terms',
      'no expected close date',
      'value must be above zero',
    ]);
    const met = f({ bantB: true, bantA: true, bantN: true, bantT: true, productId: 1, offerPrice: 1, paymentDays: 0, closeDate: TODAY, value: 1 });
    expect(R.gateProblems(all, met, 'X', TODAY)).toEqual([]);
    expect(R.gateProblems({ stage_gates: { X: { product: false, bant_min: 0 } } }, f(), 'X', TODAY)).toEqual([]);
  });

  it('next stage, probability, forecast category, close category and steps', () => {
    expect(R.nextStage(tr, 'Nitelendirme')).toBe('Uygun');
    expect(R.nextStage(tr, 'Kapanış Bekleniyor')).toBe('Kazanıldı');
    expect(R.nextStage(tr, 'Kazanıldı')).toBe('');
    expect([R.prob(tr, 'Pazarlık', null), R.prob(tr, 'Kazanıldı', 20), R.prob(tr, 'İptal', 90)]).toEqual([0.6, 1, 0]);
    expect(tr.stages.map((s) => R.forecastCategory(tr, s, null))).toEqual(['Havuz', 'Havuz', 'En iyi durum', 'En iyi durum', 'Taahhüt', 'Kapandı', 'Hariç', 'Hariç']);
    expect(R.forecastCategory(tr, 'Uygun', 'Taahhüt')).toBe('Taahhüt');
    expect(R.forecastCategory({ ...tr, stage_fc: {} }, 'Uygun', null)).toBe('Havuz');
    expect([R.defaultCloseCategory(tr, 'Kazanıldı'), R.defaultCloseCategory(tr, 'Kaybedildi'), R.defaultCloseCategory(c, 'Win')]).toEqual(['Won', 'Kaybedildi', 'Won']);
    expect(R.stepsOf(tr, 'Nitelendirme').map((s) => [s.title, s.bant ?? null])).toEqual([
      ['Bütçe onaylandı', 'b'],
      ['Karar verici belli', 'a'],
      ['İhtiyaç onaylandı', 'n'],
      ['Zamanlama kararlaştırıldı', 't'],
      ['İlk görüşme yapıldı', null],
    ]);
    expect(R.stepsOf(tr, 'Qualify')).toEqual([]);
    expect(R.sla(tr, 'Pazarlık', '2026-05-01', TODAY)).toEqual({ days_in_stage: 45, sla_days: 30, sla_left: -15 });
    expect([R.isAccount(tr.customer_account_statuses, { status: 'Aktif', erpCode: '' }), R.isAccount(tr.customer_account_statuses, { status: 'Active', erpCode: '' })]).toEqual([true, false]);
    expect(R.defaultCloseDate('2026-06-15', tr.sales_cycle_days)).toBe('2026-09-13');
  });

  it.each<[{ from: string | null; to: string }, string, string]>([
    [{ from: 'Nitelendirme', to: 'Uygun' }, 'up', 'Advancing'],
    [{ from: 'Pazarlık', to: 'Uygun' }, 'down', 'Slipping'],
    [{ from: 'Pazarlık', to: 'Kazanıldı' }, 'up', 'Won'],
    [{ from: 'Pazarlık', to: 'Kaybedildi' }, 'down', 'Lost'],
    [{ from: 'Uygun', to: 'İptal' }, 'down', 'Cancelled'],
    [{ from: null, to: 'Nitelendirme' }, 'flat', 'Steady'],
  ])('trend of %j is %s (%s)', (last, tr2, label) => expect(R.trend(tr, last)).toEqual({ trend: tr2, label }));
});
