import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Approvals = lazyScreen(() => import('./Approvals'));

export const feature: Feature = {
  routes: [
    { path: '/approvals', element: <Approvals /> },
  ],
  nav: [
    { to: '/approvals', label: { en: 'Approvals', tr: 'Onaylar' }, module: MODULES.approvals, order: 120 },
  ],
};
