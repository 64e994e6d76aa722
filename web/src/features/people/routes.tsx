import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const People = lazyScreen(() => import('./People'));
const PersonRecord = lazyScreen(() => import('./PersonRecord'));

export const feature: Feature = {
  routes: [
    { path: '/people', element: <People /> },
    { path: '/people/:id', element: <PersonRecord /> },
  ],
  nav: [
    { to: '/people', label: { en: 'People', tr: 'Kişiler' }, module: MODULES.customers, order: 30 },
  ],
};
