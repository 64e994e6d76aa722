import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Workflows = lazyScreen(() => import('./Workflows'));
const WorkflowPage = lazyScreen(() => import('./WorkflowPage'));

export const feature: Feature = {
  routes: [
    { path: '/workflows', element: <Workflows /> },
    { path: '/workflows/:id', element: <WorkflowPage /> },
  ],
};
