import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Objects = lazyScreen(() => import('./Objects'));
const ObjectRecords = lazyScreen(() => import('./ObjectRecords'));
const ObjectRecord = lazyScreen(() => import('./ObjectRecord'));

export const feature: Feature = {
  routes: [
    { path: '/objects', element: <Objects /> },
    { path: '/objects/:key', element: <ObjectRecords /> },
    { path: '/objects/:key/:id', element: <ObjectRecord /> },
  ],
  nav: [
    { to: '/objects', label: { en: 'Records', tr: 'Kayıtlar' }, module: MODULES.customers, order: 130 },
  ],
};
