import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { whenWritten } from './lib/api';
import { Session, meKeys } from './lib/session';
import { Shell } from './shell/Shell';
import { Loading } from './shell/States';
import './styles.css';

/** Code split by route: each screen is its own chunk, loaded when first opened. */
const Today = lazy(() => import('./features/today/Today'));
const Companies = lazy(() => import('./features/companies/Companies'));
const CompanyRecord = lazy(() => import('./features/companies/CompanyRecord'));
const People = lazy(() => import('./features/people/People'));
const PersonRecord = lazy(() => import('./features/people/PersonRecord'));
const Pipeline = lazy(() => import('./features/opportunities/Pipeline'));
const OpportunityList = lazy(() => import('./features/opportunities/OpportunityList'));
const OpportunityRecord = lazy(() => import('./features/opportunities/OpportunityRecord'));
const LeadRecord = lazy(() => import('./features/leads/LeadRecord'));
const Leads = lazy(() => import('./features/leads/Leads'));
const LeadCapture = lazy(() => import('./features/leads/LeadCapture'));
const WebForms = lazy(() => import('./features/leads/WebForms'));
const InboundHooks = lazy(() => import('./features/leads/InboundHooks'));
const Fairs = lazy(() => import('./features/leads/Fairs'));
const ActivityRecord = lazy(() => import('./features/activities/ActivityRecord'));
const LogVisit = lazy(() => import('./features/activities/LogVisit'));
const TaskRecord = lazy(() => import('./features/tasks/TaskRecord'));
const Tasks = lazy(() => import('./features/tasks/Tasks'));
const Calendar = lazy(() => import('./features/calendar/Calendar'));
const TicketRecord = lazy(() => import('./features/tickets/TicketRecord'));
const Approvals = lazy(() => import('./features/approvals/Approvals'));
const Objects = lazy(() => import('./features/objects/Objects'));
const Products = lazy(() => import('./features/products/Products'));
const ObjectRecords = lazy(() => import('./features/objects/ObjectRecords'));
const ObjectRecord = lazy(() => import('./features/objects/ObjectRecord'));
const Tickets = lazy(() => import('./features/tickets/Tickets'));
const Orders = lazy(() => import('./features/orders/Orders'));
const OrderRecord = lazy(() => import('./features/orders/OrderRecord'));
const Mailbox = lazy(() => import('./features/mail/Mailbox'));
const Compose = lazy(() => import('./features/mail/Compose'));
const Search = lazy(() => import('./features/search/Search'));
const Imports = lazy(() => import('./features/imports/Imports'));
const ImportJob = lazy(() => import('./features/imports/ImportJob'));
const Reports = lazy(() => import('./features/reports/Reports'));
const Connections = lazy(() => import('./features/settings/Connections'));
const Developers = lazy(() => import('./features/settings/Developers'));
const Sessions = lazy(() => import('./features/settings/Sessions'));
const SettingsUsers = lazy(() => import('./features/settings/users/Users'));
const SettingsErp = lazy(() => import('./features/settings/erp/Erp'));
const SettingsScim = lazy(() => import('./features/settings/scim/Scim'));
const SettingsApps = lazy(() => import('./features/webhooks/Apps'));
const SettingsAppEdit = lazy(() => import('./features/webhooks/AppEdit'));
const SettingsAppDeliveries = lazy(() => import('./features/webhooks/Deliveries'));
const SettingsTargets = lazy(() => import('./features/settings/targets/WeeklyTargets'));
const Workflows = lazy(() => import('./features/workflows/Workflows'));
const WorkflowPage = lazy(() => import('./features/workflows/WorkflowPage'));
const NotFound = lazy(() => import('./shell/NotFound'));

/**
 * The first screen's chunk starts loading now, beside `/me`, instead of after it (the route renders only
 * once the session is known): the most opened addresses only, the rest load when routed as before.
 */
const FIRST_SCREEN: [RegExp, () => Promise<unknown>][] = [
  [/^\/$/, () => import('./features/today/Today')],
  [/^\/companies\/?$/, () => import('./features/companies/Companies')],
  [/^\/companies\/[^/]+$/, () => import('./features/companies/CompanyRecord')],
  [/^\/people\/?$/, () => import('./features/people/People')],
  [/^\/people\/[^/]+$/, () => import('./features/people/PersonRecord')],
];
void FIRST_SCREEN.find(([path]) => path.test(window.location.pathname))?.[1]().catch(() => undefined);

const queries = new QueryClient({
  defaultOptions: { queries: { retry: (n, e) => n < 1 && !(e && 'status' in e && (e as { status: number }).status < 500), staleTime: 15_000, refetchOnWindowFocus: false } },
});
// After any write of records, everything read so far is stale, and a screen shown next reads again (one screen's
// write refreshes every other screen that shows the record, whatever its query key). Nothing is read again at
// once: the writing screen updates what it shows from the answer, as it did. The session (`me`: the user and
// the workspace's constants) is not a record list; the writes that change it say so themselves.
whenWritten(() => void queries.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meKeys.all[0], refetchType: 'none' }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <BrowserRouter>
        <Session>
          <Shell>
            <Suspense fallback={<Loading />}>
              <Routes>
                <Route path="/" element={<Today />} />
                <Route path="/companies" element={<Companies />} />
                <Route path="/companies/:id" element={<CompanyRecord />} />
                <Route path="/people" element={<People />} />
                <Route path="/people/:id" element={<PersonRecord />} />
                <Route path="/opportunities" element={<Pipeline />} />
                <Route path="/reports" element={<Reports />} />
                <Route path="/opportunities/list" element={<OpportunityList />} />
                <Route path="/opportunities/:id" element={<OpportunityRecord />} />
                <Route path="/fairs" element={<Fairs />} />
                <Route path="/leads" element={<Leads />} />
                <Route path="/leads/new" element={<LeadCapture />} />
                <Route path="/leads/forms" element={<WebForms />} />
                <Route path="/leads/hooks" element={<InboundHooks />} />
                <Route path="/leads/:id" element={<LeadRecord />} />
                <Route path="/activities/new" element={<LogVisit />} />
                <Route path="/activities/:id" element={<ActivityRecord />} />
                <Route path="/tasks" element={<Tasks />} />
                <Route path="/tasks/:id" element={<TaskRecord />} />
                <Route path="/calendar" element={<Calendar />} />
                <Route path="/tickets/:id" element={<TicketRecord />} />
                <Route path="/approvals" element={<Approvals />} />
                <Route path="/objects" element={<Objects />} />
                <Route path="/products" element={<Products />} />
                <Route path="/objects/:key" element={<ObjectRecords />} />
                <Route path="/objects/:key/:id" element={<ObjectRecord />} />
                <Route path="/tickets" element={<Tickets />} />
                <Route path="/orders" element={<Orders />} />
                <Route path="/orders/:id" element={<OrderRecord />} />
                <Route path="/mail" element={<Navigate to="/mail/settings" replace />} />
                <Route path="/mail/settings" element={<Mailbox />} />
                <Route path="/mail/compose" element={<Compose />} />
                <Route path="/search" element={<Search />} />
                <Route path="/imports" element={<Imports />} />
                <Route path="/imports/:id" element={<ImportJob />} />
                <Route path="/settings/connections" element={<Connections />} />
                <Route path="/settings/developers" element={<Developers />} />
                <Route path="/settings/sessions" element={<Sessions />} />
                <Route path="/settings/users" element={<SettingsUsers />} />
                <Route path="/settings/erp" element={<SettingsErp />} />
                <Route path="/settings/scim" element={<SettingsScim />} />
                <Route path="/settings/apps" element={<SettingsApps />} />
                <Route path="/settings/apps/:id/edit" element={<SettingsAppEdit />} />
                <Route path="/settings/apps/:id/deliveries" element={<SettingsAppDeliveries />} />
                <Route path="/settings/targets" element={<SettingsTargets />} />
                <Route path="/workflows" element={<Workflows />} />
                <Route path="/workflows/:id" element={<WorkflowPage />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </Shell>
        </Session>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
