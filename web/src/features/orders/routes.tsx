import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Orders = lazyScreen(() => import('./Orders'));
const OrderRecord = lazyScreen(() => import('./OrderRecord'));

export const feature: Feature = {
  routes: [
    { path: '/orders', element: <Orders /> },
    { path: '/orders/:id', element: <OrderRecord /> },
  ],
  nav: [
    { to: '/orders', label: { en: 'Orders', tr: 'Siparişler' }, module: MODULES.orders, order: 100 },
  ],
};
