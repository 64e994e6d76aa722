import { lazyScreen } from '../../shell/lazy-screen';
import type { Feature } from '../../shell/feature';

const Connections = lazyScreen(() => import('./Connections'));
const Developers = lazyScreen(() => import('./Developers'));
const Sessions = lazyScreen(() => import('./Sessions'));
const Users = lazyScreen(() => import('./users/Users'));
const Erp = lazyScreen(() => import('./erp/Erp'));
const Scim = lazyScreen(() => import('./scim/Scim'));
const WeeklyTargets = lazyScreen(() => import('./targets/WeeklyTargets'));

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
