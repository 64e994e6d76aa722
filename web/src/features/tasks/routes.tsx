import { lazy } from 'react';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Tasks = lazy(() => import('./Tasks'));
const TaskRecord = lazy(() => import('./TaskRecord'));

export const feature: Feature = {
  routes: [
    { path: '/tasks', element: <Tasks /> },
    { path: '/tasks/:id', element: <TaskRecord /> },
  ],
  nav: [
    { to: '/tasks', label: { en: 'Tasks', tr: 'Görevler' }, module: MODULES.activities, order: 80 },
  ],
};
