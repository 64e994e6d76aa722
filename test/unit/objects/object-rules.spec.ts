import { applyFieldPatch, definitionChange, emptyValue, FieldDef, parseFields, parseRelations, parseValue, Problem, subtitle } from '../../../src/domain/crm/objects/objects.rules';

const ctx = { currencies: ['EUR', 'USD', 'TRY'], baseCurrency: 'EUR' };
const f = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({ key: 'x', label: 'X', type, options: [], required: false, display: false, ...extra });
const select = f('select', { options: ['A', 'B', 'C'] });
const multi = f('multiselect', { options: ['A', 'B', 'C'] });

describe('parseValue: the typed value of each field type', () => {
  const ok: [FieldDef, unknown, unknown][] = [
    [f('text'), 'hello', 'hello'],
    [f('text'), ' spaced ', ' spaced '],
    [f('number'), 12.5, 12.5],
    [f('number'), -3, -3],
    [f('date'), '2024-02-29', '2024-02-29'],
    [select, 'B', 'B'],
    [multi, ['C', 'A', 'C'], ['A', 'C']],
    [f('checkbox'), false, false],
    [f('person'), 7, 7],
    [f('money'), 10, { amount: 10, currency: 'EUR' }],
    [f('money'), { amount: 9.99, currency: 'usd' }, { amount: 9.99, currency: 'USD' }],
    [f('money'), { amount: 5 }, { amount: 5, currency: 'EUR' }],
  ];
  it.each(ok)('%j accepts %j', (def, v, expected) => {
    expect(parseValue(def, v, ctx)).toEqual({ value: expected });
  });

  const bad: [FieldDef, unknown][] = [
    [f('text'), 5],
    [f('text'), 'x'.repeat(5001)],
    [f('number'), '12'],
    [f('number'), 1e16],
    [f('date'), '2023-02-29'],
    [f('date'), '01.02.2024'],
    [select, 'D'],
    [select, ['A']],
    [multi, 'A'],
    [multi, ['A', 'Z']],
    [multi, [1]],
    [f('checkbox'), 'true'],
    [f('person'), 1.5],
    [f('person'), '7'],
    [f('person'), 0],
    [f('money'), '10'],
    [f('money'), 1.005],
    [f('money'), { amount: 1, currency: 'GBP' }],
    [f('money'), { amount: 1, rate: 2 }],
    [f('money'), 1e14],
  ];
  it.each(bad)('%j refuses %j', (def, v) => {
    expect(parseValue(def, v, ctx)).toEqual({ problem: expect.any(String) });
  });

  it('shows false for an empty checkbox, [] for an empty multiselect, null otherwise', () => {
    expect(emptyValue(f('checkbox'))).toBe(false);
    expect(emptyValue(multi)).toEqual([]);
    expect(emptyValue(f('money'))).toBeNull();
  });
});

describe('applyFieldPatch: only sent keys change, empty clears, required enforced', () => {
  const defs = [f('text', { key: 'name2', required: true }), f('number', { key: 'n' }), { ...multi, key: 'm' }, f('person', { key: 'who' })];
  it('changes the sent keys and keeps the others', () => {
    const r = applyFieldPatch(defs, { name2: 'a', n: 1, m: ['A'] }, { n: 2 }, ctx, false);
    expect(r).toEqual({ data: { name2: 'a', n: 2, m: ['A'] }, problems: [], personIds: new Map() });
  });
  it.each([[''], [null], [[]]])('an empty value %j clears', (empty) => {
    expect(applyFieldPatch(defs, { name2: 'a', n: 1, m: ['A'] }, { n: empty, m: empty }, ctx, false).data).toEqual({ name2: 'a' });
  });
  it('refuses clearing a required field, unknown keys and bad values, naming fields.<key>', () => {
    const r = applyFieldPatch(defs, { name2: 'a' }, { name2: null, zzz: 1, n: 'x' }, ctx, false);
    expect(r.problems.map((p) => p.field)).toEqual(['fields.name2', 'fields.zzz', 'fields.n']);
  });
  it('on create, every required field needs a value; on update a missing one is left alone', () => {
    expect(applyFieldPatch(defs, {}, { n: 1 }, ctx, true).problems).toEqual([{ field: 'fields.name2', message: 'is required' }]);
    expect(applyFieldPatch(defs, {}, { n: 1 }, ctx, false).problems).toEqual([]);
  });
  it('reports the person ids to check', () => {
    expect(applyFieldPatch(defs, { name2: 'a' }, { who: 4 }, ctx, false).personIds).toEqual(new Map([['who', 4]]));
  });
});

describe('definitions', () => {
  it('normalizes fields and names each problem by its path', () => {
    const problems: Problem[] = [];
    const fields = parseFields(
      [
        { key: 'size', label: ' Size ', type: 'select', options: [' S ', 'M'] },
        { key: 'size', label: 'Again', type: 'text' },
        { key: 'Bad', label: 'B', type: 'text' },
        { key: 'c', label: '', type: 'money', options: ['x'] },
        { key: 'd', label: 'D', type: 'multiselect', options: [] },
        { key: 'e', label: 'E', type: 'checkbox', required: true },
        { key: 'g', label: 'G', type: 'uuid' },
      ],
      problems,
    );
    expect(fields[0]).toEqual({ key: 'size', label: 'Size', type: 'select', options: ['S', 'M'], required: false, display: false });
    expect(problems.map((p) => p.field)).toEqual(['fields.1.key', 'fields.2.key', 'fields.3.label', 'fields.3.options', 'fields.4.options', 'fields.5.required', 'fields.6.type']);
  });

  it('checks relation kinds and object targets', () => {
    const problems: Problem[] = [];
    const rels = parseRelations(
      [
        { key: 'customer', label: 'Customer', kind: 'company' },
        { key: 'parent', label: 'Parent', kind: 'object', object: 'sites', many: true },
        { key: 'x', label: 'X', kind: 'object', object: 'ghosts' },
        { key: 'y', label: 'Y', kind: 'invoice' },
        { key: 'z', label: 'Z', kind: 'person', object: 'sites' },
      ],
      new Set(['sites']),
      problems,
    );
    expect(rels.slice(0, 2)).toEqual([
      { key: 'customer', label: 'Customer', kind: 'company', object: '', many: false },
      { key: 'parent', label: 'Parent', kind: 'object', object: 'sites', many: true },
    ]);
    expect(problems.map((p) => p.field)).toEqual(['relations.2.object', 'relations.3.kind', 'relations.4.object']);
  });

  it('works out what a change does to stored values and links', () => {
    const before = {
      fields: [f('text', { key: 'a' }), f('text', { key: 'b' }), { ...select, key: 's' }, { ...multi, key: 'm' }, f('number', { key: 'n' })],
      relations: [
        { key: 'r1', label: 'R1', kind: 'company' as const, object: '', many: true },
        { key: 'r2', label: 'R2', kind: 'person' as const, object: '', many: false },
        { key: 'r3', label: 'R3', kind: 'object' as const, object: 'x', many: true },
      ],
    };
    const after = {
      fields: [f('text', { key: 'a' }), f('number', { key: 'b' }), { ...select, key: 's', options: ['A', 'B', 'C', 'D'] }, { ...multi, key: 'm', options: ['A'] }],
      relations: [
        { key: 'r1', label: 'R1', kind: 'company' as const, object: '', many: false },
        { key: 'r3', label: 'R3', kind: 'object' as const, object: 'y', many: true },
      ],
    };
    expect(definitionChange(before, after)).toEqual({ dropFields: ['b', 'n'], narrowSelect: [], narrowMulti: [{ key: 'm', options: ['A'] }], dropRelations: ['r2', 'r3'], toOne: ['r1'] });
  });
});

describe('subtitle', () => {
  it('joins the display fields in field order', () => {
    const defs = [f('text', { key: 'city', display: true }), f('checkbox', { key: 'iso', label: 'ISO', display: true }), f('person', { key: 'who', display: true }), f('text', { key: 'hidden' }), f('money', { key: 'm', display: true })];
    expect(subtitle(defs, { city: 'Bursa', iso: true, who: 3, hidden: 'no', m: { amount: 5, currency: 'EUR' } }, (id) => `User ${id}`)).toBe('Bursa · ISO · User 3 · 5 EUR');
    expect(subtitle(defs, { iso: false }, () => '')).toBe('');
  });
});
