import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const Imports = lazy(() => import('./Imports'));
const ImportJob = lazy(() => import('./ImportJob'));

export const feature: Feature = {
  routes: [
    { path: '/imports', element: <Imports /> },
    { path: '/imports/:id', element: <ImportJob /> },
  ],
};
