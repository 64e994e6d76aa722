import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Today = lazyScreen(() => import('./Today'));

export const feature: Feature = {
  routes: [
    { path: '/', element: <Today /> },
  ],
  nav: [
    { to: '/', label: { en: 'Today', tr: 'Bugün' }, order: 10 },
  ],
};
