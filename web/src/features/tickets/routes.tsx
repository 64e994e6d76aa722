import { lazyScreen } from '../../shell/lazy-screen';
import { MODULES } from '../../lib/session';
import type { Feature } from '../../shell/feature';

const Tickets = lazyScreen(() => import('./Tickets'));
const TicketRecord = lazyScreen(() => import('./TicketRecord'));

export const feature: Feature = {
  routes: [
    { path: '/tickets', element: <Tickets /> },
    { path: '/tickets/:id', element: <TicketRecord /> },
  ],
  nav: [
    { to: '/tickets', label: { en: 'Tickets', tr: 'Destek talepleri' }, module: MODULES.support, order: 110 },
  ],
};
