import { z } from 'zod';
import { columnsOf, rowOf } from '../../../src/interfaces/rest/export/columns';
import { escapeFormula } from '../../../src/interfaces/rest/shared/csv';

describe('export cells', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+90 532', "'+90 532"],
    ['-minus', "'-minus"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
    [-5, -5],
    [true, true],
    [null, null],
  ])('escapes %j as %j (OWASP CSV injection; numbers stay numbers)', (v, out) => {
    expect(escapeFormula(v)).toBe(out);
  });
});

describe('export columns from a list item schema', () => {
  const User = z.object({ id: z.int(), full_name: z.string(), role: z.string() });
  const Item = z.object({
    id: z.int(),
    name: z.string(),
    initials: z.string(),
    status: z.string(),
    status_label: z.string(),
    owner: User.nullable(),
    health: z.object({ grade: z.string(), score: z.int(), why: z.array(z.string()) }),
    tags: z.array(z.string()),
    steps: z.array(z.object({ id: z.int() })),
    fields: z.record(z.string(), z.unknown()),
    closed_at: z.string().nullable(),
  });

  it('flattens references to id and name, objects to their scalars, keeps scalar arrays, drops record arrays and presentation fields', () => {
    const cols = columnsOf(Item, { fields: ['size', 'city'] });
    expect(cols.map((c) => c.header)).toEqual(['id', 'name', 'status', 'status_label', 'owner_id', 'owner', 'health_grade', 'health_score', 'tags', 'fields.size', 'fields.city', 'closed_at']);
    const row = rowOf(cols, {
      id: 1, name: '=evil', initials: 'E', status: 'lead', status_label: 'Aday', owner: { id: 7, full_name: 'Ayşe', role: 'sales' },
      health: { grade: 'A', score: 90, why: [] }, tags: ['x', 'y'], steps: [{ id: 1 }], fields: { size: 'Large', city: { a: 1 } }, closed_at: null,
    });
    expect(row).toEqual([1, "'=evil", 'lead', 'Aday', 7, 'Ayşe', 'A', 90, 'x; y', 'Large', '{"a":1}', null]);
    expect(rowOf(cols, { id: 2, owner: null, health: null, fields: null })).toEqual([2, null, null, null, null, null, null, null, null, null, null, null]);
  });
});
