import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const LogVisit = lazyScreen(() => import('./LogVisit'));
const ActivityRecord = lazyScreen(() => import('./ActivityRecord'));

export const feature: Feature = {
  routes: [
    { path: '/activities/new', element: <LogVisit /> },
    { path: '/activities/:id', element: <ActivityRecord /> },
  ],
};
