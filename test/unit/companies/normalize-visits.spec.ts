import { isAtRisk, likeContains, visitFacts, visitOverdueDays, visitPeriodOf, visitState } from '../../../src/domain/crm/companies/companies.rules';
import { normalizeName } from '../../../src/domain/crm/shared/duplicate';
import { initials } from '../../../src/domain/crm/shared/initials';
import { nextVisitDue } from '../../../src/domain/crm/companies/visits';
import { weekStartOf } from '../../../src/domain/crm/today/today.service';

const PERIODS = { Prospect: 30, Active: 21, 'Key account': 14, Passive: 60, Former: 90, Paused: 0 };

describe('normalizeName', () => {
  it.each([
    ['Acme Plastics Ltd.', 'acme plastics'],
    ['ACME   plastics', 'acme plastics'],
    ['Anadolu Plastik A.Ş.', 'anadolu plastik'],
    ['Kuzey Ambalaj Ltd. Şti.', 'kuzey ambalaj'],
    ['Müller GmbH & Co. KG', 'muller'],
    ['Işık Tekstil San. ve Tic. A.Ş.', 'isik tekstil'],
    ['  The Company  ', 'the company'],
    ['Ltd', 'ltd'],
    ['', ''],
  ])('%s -> %s', (name, key) => expect(normalizeName(name)).toBe(key));

  it('matches names that differ only in case, accents, punctuation and legal form', () => {
    expect(normalizeName('Öztürk Kimya Ltd. Şti.')).toBe(normalizeName('ozturk kimya'));
    // dotted abbreviations are one word, so "A.Ş." is recognised as a legal form
    expect(normalizeName('Öztürk Kimya A.Ş.')).toBe(normalizeName('Öztürk Kimya'));
    expect(normalizeName('Kimya S.A.S.')).toBe('kimya');
    expect(normalizeName('Beta-Pack, Inc.')).toBe(normalizeName('beta pack'));
    expect(normalizeName('Alpha Pack')).not.toBe(normalizeName('Alpha Packs'));
  });

  it('keeps at most 200 characters', () => expect(normalizeName('a'.repeat(500))).toHaveLength(200));
});

describe('initials', () => {
  it.each([
    ['Anadolu Plastik A.Ş.', 'AP'],
    ['acme', 'A'],
    ['  ilk   ışık  ', 'İI'],
    ['', ''],
    ['Zeynep Arslan Yılmaz', 'ZA'],
  ])('%s -> %s', (name, out) => expect(initials(name)).toBe(out));
});

describe('nextVisitDue', () => {
  it('adds the status visit period to the last visit (or reference date)', () => {
    expect(nextVisitDue('2025-01-10', 'Active', PERIODS)).toBe('2025-01-31');
    expect(nextVisitDue('2024-02-20', 'Prospect', PERIODS)).toBe('2024-03-21');
    expect(nextVisitDue('2025-12-20', 'Key account', PERIODS)).toBe('2026-01-03');
  });
  it('is null for a status without a period', () => {
    expect(nextVisitDue('2025-01-10', 'Paused', PERIODS)).toBeNull();
    expect(nextVisitDue('2025-01-10', 'Unknown', PERIODS)).toBeNull();
  });
});

describe('visit rules', () => {
  const today = '2025-06-15';

  it('visitPeriodOf gives whole positive days or 0', () => {
    expect(visitPeriodOf('Active', PERIODS)).toBe(21);
    expect(visitPeriodOf('Paused', PERIODS)).toBe(0);
    expect(visitPeriodOf('Nope', PERIODS)).toBe(0);
    expect(visitPeriodOf('X', { X: -5 })).toBe(0);
  });

  it('visitOverdueDays counts days past the due date only', () => {
    expect(visitOverdueDays(null, today)).toBe(0);
    expect(visitOverdueDays('2025-06-15', today)).toBe(0);
    expect(visitOverdueDays('2025-06-20', today)).toBe(0);
    expect(visitOverdueDays('2025-06-14', today)).toBe(1);
    expect(visitOverdueDays('2025-05-16', today)).toBe(30);
  });

  it.each([
    [null, null, 'never'],
    ['2025-01-01', null, 'ok'],
    [null, '2025-06-14', 'overdue'],
    ['2025-05-01', '2025-06-14', 'overdue'],
    [null, '2025-06-15', 'due_soon'],
    ['2025-05-01', '2025-06-18', 'due_soon'],
    ['2025-05-01', '2025-06-19', 'ok'],
    [null, '2025-06-19', 'never'],
  ])('visitState(last %s, due %s) = %s with 3 soon days', (last, due, state) => expect(visitState(last, due, today, 3)).toBe(state));

  it('due_soon uses action_soon_days (0 = due today only)', () => {
    expect(visitState('2025-05-01', '2025-06-15', today, 0)).toBe('due_soon');
    expect(visitState('2025-05-01', '2025-06-16', today, 0)).toBe('ok');
    expect(visitState('2025-05-01', '2025-06-25', today, 10)).toBe('due_soon');
  });

  it('at risk: Passive, or overdue by more than one visit period', () => {
    expect(isAtRisk('Passive', null, today, 60, ['Passive'])).toBe(true);
    expect(isAtRisk('Passive', '2030-01-01', today, 60, ['Passive'])).toBe(true);
    expect(isAtRisk('Prospect', '2025-05-16', today, 30, ['Passive'])).toBe(false); // exactly one period
    expect(isAtRisk('Prospect', '2025-05-15', today, 30, ['Passive'])).toBe(true); // one day more
    expect(isAtRisk('Prospect', null, today, 30, ['Passive'])).toBe(false);
    expect(isAtRisk('Paused', '2020-01-01', today, 0, ['Passive'])).toBe(false); // no period, no risk
  });

  it('visitFacts combines them for a company', () => {
    expect(visitFacts({ status: 'Active', lastVisit: '2025-04-01', nextVisitDue: '2025-04-22' }, today, { visit_period: PERIODS, action_soon_days: 3, customer_at_risk_statuses: ['Passive'] })).toEqual({
      period: 21,
      visitOverdueDays: 54,
      visitState: 'overdue',
      atRisk: true,
    });
  });
});

describe('helpers', () => {
  it('likeContains escapes LIKE wildcards', () => {
    expect(likeContains('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });

  it.each([
    ['2025-06-16', '2025-06-16'], // Monday
    ['2025-06-15', '2025-06-09'], // Sunday
    ['2025-06-18', '2025-06-16'],
    ['2025-01-01', '2024-12-30'],
  ])('weekStartOf(%s) = %s', (d, monday) => expect(weekStartOf(d)).toBe(monday));
});
