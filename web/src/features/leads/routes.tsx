import { lazy } from 'react';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Leads = lazy(() => import('./Leads'));
const LeadRecord = lazy(() => import('./LeadRecord'));
const LeadCapture = lazy(() => import('./LeadCapture'));
const WebForms = lazy(() => import('./WebForms'));
const InboundHooks = lazy(() => import('./InboundHooks'));
const Fairs = lazy(() => import('./Fairs'));

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
