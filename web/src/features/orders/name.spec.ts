import { orderName } from './name';

describe('orderName', () => {
  it('is the reference and the company', () => {
    expect(orderName({ ref: 'ORD-8', customer: 'Marmara Plastik' })).toBe('ORD-8 · Marmara Plastik');
  });
  it('is the reference alone where the company is on screen already, or gone', () => {
    expect(orderName({ ref: 'ORD-8', customer: 'Marmara Plastik' }, false)).toBe('ORD-8');
    expect(orderName({ ref: 'ORD-8', customer: '' })).toBe('ORD-8');
  });
});
