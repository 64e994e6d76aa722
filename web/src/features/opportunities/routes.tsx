import { lazy } from 'react';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Pipeline = lazy(() => import('./Pipeline'));
const OpportunityList = lazy(() => import('./OpportunityList'));
const OpportunityRecord = lazy(() => import('./OpportunityRecord'));

export const feature: Feature = {
  routes: [
    { path: '/opportunities', element: <Pipeline /> },
    { path: '/opportunities/list', element: <OpportunityList /> },
    { path: '/opportunities/:id', element: <OpportunityRecord /> },
  ],
  nav: [
    { to: '/opportunities', label: { en: 'Opportunities', tr: 'Fırsatlar' }, module: MODULES.opportunities, order: 40 },
  ],
};
