import { normalizeBlocks } from '../../../src/domain/crm/activities/activities.rules';
import { DomainError } from '../../../src/platform/common/errors';

describe('normalizeBlocks (Quick Entry blocks on a visit)', () => {
  it.each([
    [null, {}],
    [undefined, {}],
    [{}, {}],
    [{ price: { price: ' 12.5 ', currency: 'TRY', unit: 'kg' } }, { price: { price: '12.5', currency: 'TRY', unit: 'kg' } }],
    [{ next: { action: 'Call', date: '2026-12-01', note: '' } }, { next: { action: 'Call', date: '2026-12-01' } }],
    [{ trial: { result: '', note: null }, contact: null }, {}],
    [{ product: { product_id: '7' }, payment: { payment_days: '60' } }, { product: { product_id: '7' }, payment: { payment_days: '60' } }],
  ])('keeps %j as %j', (input, out) => {
    expect(normalizeBlocks(input)).toEqual(out);
  });

  it.each([
    [{ weather: {} }, 'blocks.weather'],
    [{ price: { discount: '5' } }, 'blocks.price.discount'],
    [{ price: { price: '12,5' } }, 'blocks.price.price'],
    [{ quantity: { kg: '-5' } }, 'blocks.quantity.kg'],
    [{ next: { date: '2026-13-01' } }, 'blocks.next.date'],
    [{ opp: { opp_id: '0' } }, 'blocks.opp.opp_id'],
    [{ contact: { person_id: 5 } }, 'blocks.contact.person_id'],
    [{ contact: ['5'] }, 'blocks.contact'],
    [{ trial: { note: 'x'.repeat(501) } }, 'blocks.trial.note'],
    ['product', 'blocks'],
  ])('refuses %j naming %s', (input, field) => {
    let err: unknown;
    try {
      normalizeBlocks(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError & { extra?: Record<string, unknown> }).message).toContain(field);
  });
});
