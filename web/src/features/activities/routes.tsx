import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const LogVisit = lazy(() => import('./LogVisit'));
const ActivityRecord = lazy(() => import('./ActivityRecord'));

export const feature: Feature = {
  routes: [
    { path: '/activities/new', element: <LogVisit /> },
    { path: '/activities/:id', element: <ActivityRecord /> },
  ],
};
