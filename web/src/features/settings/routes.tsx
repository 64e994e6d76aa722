import { lazy } from 'react';
import type { Feature } from '../../shell/feature';

const Connections = lazy(() => import('./Connections'));
const Developers = lazy(() => import('./Developers'));
const Sessions = lazy(() => import('./Sessions'));
const Users = lazy(() => import('./users/Users'));
const Erp = lazy(() => import('./erp/Erp'));
const Scim = lazy(() => import('./scim/Scim'));
const WeeklyTargets = lazy(() => import('./targets/WeeklyTargets'));

export const feature: Feature = {
  routes: [
    { path: '/settings/connections', element: <Connections /> },
    { path: '/settings/developers', element: <Developers /> },
    { path: '/settings/sessions', element: <Sessions /> },
    { path: '/settings/users', element: <Users /> },
    { path: '/settings/erp', element: <Erp /> },
    { path: '/settings/scim', element: <Scim /> },
    { path: '/settings/targets', element: <WeeklyTargets /> },
  ],
};
