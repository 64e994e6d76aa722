import { lazy } from 'react';
import { Navigate } from 'react-router';
import type { Feature } from '../../shell/feature';

const Mailbox = lazy(() => import('./Mailbox'));
const Compose = lazy(() => import('./Compose'));

export const feature: Feature = {
  routes: [
    { path: '/mail', element: <Navigate to="/mail/settings" replace /> },
    { path: '/mail/settings', element: <Mailbox /> },
    { path: '/mail/compose', element: <Compose /> },
  ],
};
