import { contactLabel, leadPeople, personChoices, statusEff } from '../../../src/domain/crm/leads/leads.rules';
import { validateConstants } from '../../../src/domain/workspace/constants';
import { defaultConstants } from '../../../src/domain/workspace/defaults';

const c = defaultConstants();
const lead = (o: Partial<Parameters<typeof leadPeople>[0]> = {}) => ({ contactName: 'Ada', title: 'CEO', email: 'a@x.test', phone: '1', contactCid: null, people: [], ...o });

describe('lead rules', () => {
  it('people: the named primary contact first, then the extra people', () => {
    expect(leadPeople(lead({ people: [{ name: 'Bo', title: '', email: '', phone: '', cid: 7 }] }))).toEqual([
      { name: 'Ada', title: 'CEO', email: 'a@x.test', phone: '1', cid: null },
      { name: 'Bo', title: '', email: '', phone: '', cid: 7 },
    ]);
    expect(leadPeople(lead({ contactName: ' ', contactCid: 3 }))).toEqual([]);
    expect(contactLabel(lead())).toBe('Ada, CEO');
    expect(contactLabel(lead({ contactName: '', title: 'CEO' }))).toBe('CEO');
  });

  it.each([
    ['Yeni', false, 'Yeni'],
    ['Aktarıldı', true, 'Kazanıldı'],
    ['Kazanıldı', false, 'Kazanıldı'],
    ['Renamed away', false, 'Yeni'],
  ])('status_eff of %s (opportunity won: %s) is %s', (status, won, eff) => {
    expect(statusEff(c, status, won)).toBe(eff);
  });

  it('reads the convert people map by index', () => {
    expect(personChoices(undefined, 2)).toEqual(['new', 'new']);
    expect(personChoices({ '1': 'skip', '0': 12 }, 2)).toEqual([{ id: 12 }, 'skip']);
    expect(personChoices({ '0': '12' }, 1)).toEqual([{ id: 12 }]);
    for (const [map, field] of [
      [{ '2': 'new' }, 'people.2'],
      [{ '-1': 'new' }, 'people.-1'],
      [{ '01': 'new' }, 'people.01'],
      [{ '0': 'maybe' }, 'people.0'],
      [{ '0': 0 }, 'people.0'],
      [{ '0': 1.5 }, 'people.0'],
      [{ '0': null }, 'people.0'],
    ] as const) {
      expect(() => personChoices(map as Record<string, unknown>, 2)).toThrow(expect.objectContaining({ code: 'invalid', extra: expect.objectContaining({ field }) }));
    }
  });
});

describe('lead constants', () => {
  it('are valid by default and checked against lead_statuses and visit_types', () => {
    expect(validateConstants(c)).toEqual([]);
    const bad = { ...c, lead_status_new: 'Nope', lead_status_converted: 'Nada', lead_status_won: '', lead_closed_statuses: ['Vazgeçildi', 'X'], lead_visit_type: 'Teleport' };
    const errors = validateConstants(bad).map((e) => e.split(':')[0]);
    expect(errors).toEqual(expect.arrayContaining(['lead_status_new', 'lead_status_converted', 'lead_status_won', 'lead_closed_statuses', 'lead_visit_type']));
    expect(validateConstants({ ...c, lead_closed_statuses: ['Vazgeçildi'] })).toEqual(['lead_closed_statuses: must include lead_status_converted']);
    expect(validateConstants({ ...c, lead_closed_statuses: ['Aktarıldı', 'Yeni'] })).toEqual(['lead_status_new: must not be one of lead_closed_statuses']);
    // the leads' block (leads.constants.ts) keeps the messages the common checks gave
    // (the won status's labels then label no key: the labels' check says so after it)
    expect(validateConstants({ ...c, lead_status_won: 3 })[0]).toBe('lead_status_won: must be a string');
    expect(validateConstants({ ...c, lead_status_won: 'x'.repeat(41) })[0]).toBe('lead_status_won: must be a non-empty string of at most 40 characters');
    expect(validateConstants({ ...c, lead_visit_type: 'Teleport' })).toEqual(['lead_visit_type: not one of visit_types']);
    expect(validateConstants({ ...c, lead_status_converted: 'Yeni' })).toEqual(['lead_closed_statuses: must include lead_status_converted']);
    expect(validateConstants({ ...c, lead_closed_statuses: 'Aktarıldı' })).toEqual(['lead_closed_statuses: must be a list of strings']);
    const { lead_visit_type: _drop, ...missing } = c;
    expect(validateConstants(missing)).toEqual(['lead_visit_type: is missing']);
  });
});
