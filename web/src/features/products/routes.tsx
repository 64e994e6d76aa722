import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Products = lazyScreen(() => import('./Products'));

export const feature: Feature = {
  routes: [
    { path: '/products', element: <Products /> },
  ],
  nav: [
    { to: '/products', label: { en: 'Products', tr: 'Ürünler' }, order: 140 },
  ],
};
