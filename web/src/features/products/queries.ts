import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { meKeys } from '../../lib/session';

/**
 * The one react-query key scheme of products: everything under `['products']` (this page, the visit form's
 * products, the opportunity form's picker); `GET /me` also carries the active catalogue (`me.products`), so a
 * write reads both again.
 */
export const productKeys = {
  all: ['products'] as const,
  list: (all: boolean) => ['products', 'list', all] as const,
  /** the active catalogue, for the visit form's product fields */
  active: () => ['products', 'active'] as const,
};

/** The catalogue (`all`: with the inactive products). */
export function useProductList(all: boolean) {
  return useQuery({ queryKey: productKeys.list(all), queryFn: async () => must(await api.GET('/api/v1/products', { params: { query: { all } } })).items });
}

/** The active products, read when a form needs them (kept five minutes: the catalogue seldom changes). */
export function useActiveProducts(enabled: boolean) {
  return useQuery({ queryKey: productKeys.active(), queryFn: async () => must(await api.GET('/api/v1/products')).items, enabled, staleTime: 300_000 });
}

export function useProductsWritten(): () => void {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: productKeys.all });
    void qc.invalidateQueries({ queryKey: meKeys.all });
  };
}
