import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Search = lazyScreen(() => import('./Search'));

export const feature: Feature = {
  routes: [
    { path: '/search', element: <Search /> },
  ],
};
