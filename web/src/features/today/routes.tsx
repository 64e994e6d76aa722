import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const Today = lazy(() => import('./Today'));

export const feature: Feature = {
  routes: [
    { path: '/', element: <Today /> },
  ],
  nav: [
    { to: '/', label: { en: 'Today', tr: 'Bugün' }, order: 10 },
  ],
};
