import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Apps = lazyScreen(() => import('./Apps'));
const AppEdit = lazyScreen(() => import('./AppEdit'));
const Deliveries = lazyScreen(() => import('./Deliveries'));

export const feature: Feature = {
  routes: [
    { path: '/settings/apps', element: <Apps /> },
    { path: '/settings/apps/:id/edit', element: <AppEdit /> },
    { path: '/settings/apps/:id/deliveries', element: <Deliveries /> },
  ],
};
