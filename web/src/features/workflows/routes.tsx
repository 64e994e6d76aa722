import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const Workflows = lazy(() => import('./Workflows'));
const WorkflowPage = lazy(() => import('./WorkflowPage'));

export const feature: Feature = {
  routes: [
    { path: '/workflows', element: <Workflows /> },
    { path: '/workflows/:id', element: <WorkflowPage /> },
  ],
};
