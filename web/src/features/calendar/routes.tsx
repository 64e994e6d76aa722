import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Calendar = lazyScreen(() => import('./Calendar'));

export const feature: Feature = {
  routes: [
    { path: '/calendar', element: <Calendar /> },
  ],
  nav: [
    { to: '/calendar', label: { en: 'Calendar', tr: 'Takvim' }, module: MODULES.activities, order: 90 },
  ],
};
