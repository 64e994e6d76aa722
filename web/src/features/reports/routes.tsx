import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Reports = lazyScreen(() => import('./Reports'));

export const feature: Feature = {
  routes: [
    { path: '/reports', element: <Reports /> },
  ],
  nav: [
    { to: '/reports', label: { en: 'Reports', tr: 'Raporlar' }, module: MODULES.opportunities, order: 50 },
  ],
};
