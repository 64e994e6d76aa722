import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const Search = lazy(() => import('./Search'));

export const feature: Feature = {
  routes: [
    { path: '/search', element: <Search /> },
  ],
};
