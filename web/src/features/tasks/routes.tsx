import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Tasks = lazyScreen(() => import('./Tasks'));
const TaskRecord = lazyScreen(() => import('./TaskRecord'));

export const feature: Feature = {
  routes: [
    { path: '/tasks', element: <Tasks /> },
    { path: '/tasks/:id', element: <TaskRecord /> },
  ],
  nav: [
    { to: '/tasks', label: { en: 'Tasks', tr: 'Görevler' }, module: MODULES.activities, order: 80 },
  ],
};
