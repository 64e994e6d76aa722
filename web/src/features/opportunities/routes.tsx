import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Pipeline = lazyScreen(() => import('./Pipeline'));
const OpportunityList = lazyScreen(() => import('./OpportunityList'));
const OpportunityRecord = lazyScreen(() => import('./OpportunityRecord'));

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
