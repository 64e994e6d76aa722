import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const Apps = lazy(() => import('./Apps'));
const AppEdit = lazy(() => import('./AppEdit'));
const Deliveries = lazy(() => import('./Deliveries'));

export const feature: Feature = {
  routes: [
    { path: '/settings/apps', element: <Apps /> },
    { path: '/settings/apps/:id/edit', element: <AppEdit /> },
    { path: '/settings/apps/:id/deliveries', element: <Deliveries /> },
  ],
};
