/**
 * The blocks an activity records (`blocks` of a visit, what Quick Entry's templates show) and the keys of their
 * fields; labels and types: src/domain/crm/quick-entry/config.rules.ts.
 */
export const QE_BLOCK_FIELDS = {
  contact: ['person_id'],
  opp: ['opp_id'],
  product: ['product_id'],
  price: ['price', 'currency', 'unit'],
  quantity: ['kg', 'unit'],
  payment: ['payment_days'],
  trial: ['result', 'note'],
  next: ['action', 'date', 'note'],
} as const;
export type QeBlockKey = keyof typeof QE_BLOCK_FIELDS;
export const QE_BLOCK_KEYS = Object.keys(QE_BLOCK_FIELDS) as QeBlockKey[];
