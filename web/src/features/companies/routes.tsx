import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Companies = lazyScreen(() => import('./Companies'));
const CompanyRecord = lazyScreen(() => import('./CompanyRecord'));

export const feature: Feature = {
  routes: [
    { path: '/companies', element: <Companies /> },
    { path: '/companies/:id', element: <CompanyRecord /> },
  ],
  nav: [
    { to: '/companies', label: { en: 'Companies', tr: 'Firmalar' }, module: MODULES.customers, order: 20 },
  ],
};
