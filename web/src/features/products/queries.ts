import { useQueryClient } from '@tanstack/react-query';

/**
 * The one react-query key scheme of products: everything under `['products']` (this page, the visit form's
 * products, the opportunity form's picker); `GET /me` also carries the active catalogue (`me.products`), so a
 * write reads both again.
 */
export const productKeys = {
  all: ['products'] as const,
  list: (all: boolean) => ['products', 'list', all] as const,
};

export function useProductsWritten(): () => void {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: productKeys.all });
    void qc.invalidateQueries({ queryKey: ['me'] });
  };
}
