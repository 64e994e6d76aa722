import { CrmValidationPipe } from '../../src/edge/validation';
import { PersonListQueryDto } from '../../src/interfaces/rest/dto/people.dto';
import { ActivityListQueryDto } from '../../src/interfaces/rest/dto/activities.dto';

// the global pipe keeps a query DTO per query string: what each request gets must be what a fresh
// validation gives, its own copy, and a refused query must stay refused
describe('query DTOs validated once per query string', () => {
  const pipe = new CrmValidationPipe();
  const query = (metatype: new () => unknown, value: Record<string, unknown>) => pipe.transform(value, { type: 'query', metatype, data: undefined });

  it('gives each call its own transformed DTO, equal to the first', async () => {
    const first = (await query(PersonListQueryDto, { limit: '50', customer_id: '7' })) as PersonListQueryDto;
    expect(first).toBeInstanceOf(PersonListQueryDto);
    expect({ ...first }).toEqual(expect.objectContaining({ limit: 50, customer_id: 7 }));
    first.limit = 1;
    const second = (await query(PersonListQueryDto, { limit: '50', customer_id: '7' })) as PersonListQueryDto;
    expect(second).not.toBe(first);
    expect(second).toBeInstanceOf(PersonListQueryDto);
    expect(second.limit).toBe(50);
    expect(second.customer_id).toBe(7);
  });

  it('refuses an invalid query every time', async () => {
    for (let i = 0; i < 2; i++) await expect(query(PersonListQueryDto, { limit: 'many' })).rejects.toThrow('limit: must be an integer number');
    for (let i = 0; i < 2; i++) await expect(query(PersonListQueryDto, { unknown_field: '1' })).rejects.toThrow('unknown_field: is not a known field');
  });

  it('keeps DTO classes apart: the same string is judged by each class', async () => {
    // people have `q`, activities do not: the kept people DTO must not answer for activities
    await expect(query(PersonListQueryDto, { q: 'ab' })).resolves.toBeInstanceOf(PersonListQueryDto);
    await expect(query(PersonListQueryDto, { q: 'ab' })).resolves.toBeInstanceOf(PersonListQueryDto);
    await expect(query(ActivityListQueryDto, { q: 'ab' })).rejects.toThrow('q: is not a known field');
    await expect(query(ActivityListQueryDto, { opp_id: '3' })).resolves.toEqual(expect.objectContaining({ opp_id: 3 }));
  });
});
