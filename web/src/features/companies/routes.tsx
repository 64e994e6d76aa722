import { lazy } from 'react';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Companies = lazy(() => import('./Companies'));
const CompanyRecord = lazy(() => import('./CompanyRecord'));

export const feature: Feature = {
  routes: [
    { path: '/companies', element: <Companies /> },
    { path: '/companies/:id', element: <CompanyRecord /> },
  ],
  nav: [
    { to: '/companies', label: { en: 'Companies', tr: 'Firmalar' }, module: MODULES.customers, order: 20 },
  ],
};
