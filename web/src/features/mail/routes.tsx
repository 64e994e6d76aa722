import { lazyScreen } from '../../shell/lazy-screen';
import { Navigate } from 'react-router';
import type { Feature } from '../../shell/feature';

const Mailbox = lazyScreen(() => import('./Mailbox'));
const Compose = lazyScreen(() => import('./Compose'));

export const feature: Feature = {
  routes: [
    { path: '/mail', element: <Navigate to="/mail/settings" replace /> },
    { path: '/mail/settings', element: <Mailbox /> },
    { path: '/mail/compose', element: <Compose /> },
  ],
};
