import { lazy } from 'react';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Reports = lazy(() => import('./Reports'));

export const feature: Feature = {
  routes: [
    { path: '/reports', element: <Reports /> },
  ],
  nav: [
    { to: '/reports', label: { en: 'Reports', tr: 'Raporlar' }, module: MODULES.opportunities, order: 50 },
  ],
};
