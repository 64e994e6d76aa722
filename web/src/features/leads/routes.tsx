import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Leads = lazyScreen(() => import('./Leads'));
const LeadRecord = lazyScreen(() => import('./LeadRecord'));
const LeadCapture = lazyScreen(() => import('./LeadCapture'));
const WebForms = lazyScreen(() => import('./WebForms'));
const InboundHooks = lazyScreen(() => import('./InboundHooks'));
const Fairs = lazyScreen(() => import('./Fairs'));

export const feature: Feature = {
  routes: [
    { path: '/fairs', element: <Fairs /> },
    { path: '/leads', element: <Leads /> },
    { path: '/leads/new', element: <LeadCapture /> },
    { path: '/leads/forms', element: <WebForms /> },
    { path: '/leads/hooks', element: <InboundHooks /> },
    { path: '/leads/:id', element: <LeadRecord /> },
  ],
  nav: [
    { to: '/leads', label: { en: 'Leads', tr: 'Adaylar' }, module: MODULES.leads, order: 60 },
    { to: '/fairs', label: { en: 'Trade fairs', tr: 'Fuarlar' }, module: MODULES.leads, order: 70 },
  ],
};
