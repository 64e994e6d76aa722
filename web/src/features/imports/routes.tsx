import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Imports = lazyScreen(() => import('./Imports'));
const ImportJob = lazyScreen(() => import('./ImportJob'));

export const feature: Feature = {
  routes: [
    { path: '/imports', element: <Imports /> },
    { path: '/imports/:id', element: <ImportJob /> },
  ],
};
