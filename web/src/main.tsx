import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { whenWritten } from './lib/api';
import { Session } from './lib/session';
import { Shell } from './shell/Shell';
import { Loading } from './shell/States';
import './styles.css';

/** Code split by route: each screen is its own chunk, loaded when first opened. */
const Today = lazy(() => import('./pages/Today'));
const Companies = lazy(() => import('./pages/Companies'));
const CompanyRecord = lazy(() => import('./pages/CompanyRecord'));
const People = lazy(() => import('./pages/People'));
const PersonRecord = lazy(() => import('./pages/PersonRecord'));
const Pipeline = lazy(() => import('./pages/Pipeline'));
const OpportunityList = lazy(() => import('./pages/OpportunityList'));
const OpportunityRecord = lazy(() => import('./pages/OpportunityRecord'));
const LeadRecord = lazy(() => import('./pages/LeadRecord'));
const Leads = lazy(() => import('./pages/leads/Leads'));
const LeadCapture = lazy(() => import('./pages/leads/LeadCapture'));
const WebForms = lazy(() => import('./pages/leads/WebForms'));
const InboundHooks = lazy(() => import('./pages/leads/InboundHooks'));
const Fairs = lazy(() => import('./pages/leads/Fairs'));
const ActivityRecord = lazy(() => import('./pages/ActivityRecord'));
const LogVisit = lazy(() => import('./pages/visits/LogVisit'));
const TaskRecord = lazy(() => import('./pages/TaskRecord'));
const Tasks = lazy(() => import('./pages/tasks/Tasks'));
const Calendar = lazy(() => import('./pages/tasks/Calendar'));
const TicketRecord = lazy(() => import('./pages/TicketRecord'));
const Approvals = lazy(() => import('./pages/approvals/Approvals'));
const Objects = lazy(() => import('./pages/objects/Objects'));
const Products = lazy(() => import('./pages/products/Products'));
const ObjectRecords = lazy(() => import('./pages/objects/ObjectRecords'));
const ObjectRecord = lazy(() => import('./pages/objects/ObjectRecord'));
const Tickets = lazy(() => import('./pages/Tickets'));
const Orders = lazy(() => import('./pages/Orders'));
const OrderRecord = lazy(() => import('./pages/OrderRecord'));
const Mailbox = lazy(() => import('./pages/mail/Mailbox'));
const Compose = lazy(() => import('./pages/mail/Compose'));
const Search = lazy(() => import('./pages/Search'));
const Imports = lazy(() => import('./pages/imports/Imports'));
const ImportJob = lazy(() => import('./pages/imports/ImportJob'));
const Reports = lazy(() => import('./pages/reports/Reports'));
const Connections = lazy(() => import('./pages/settings/Connections'));
const Developers = lazy(() => import('./pages/settings/Developers'));
const Sessions = lazy(() => import('./pages/settings/Sessions'));
const SettingsUsers = lazy(() => import('./pages/settings/users/Users'));
const SettingsErp = lazy(() => import('./pages/settings/erp/Erp'));
const SettingsScim = lazy(() => import('./pages/settings/scim/Scim'));
const Workflows = lazy(() => import('./pages/workflows/Workflows'));
const WorkflowPage = lazy(() => import('./pages/workflows/WorkflowPage'));
const NotFound = lazy(() => import('./pages/NotFound'));

/**
 * The first screen's chunk starts loading now, beside `/me`, instead of after it (the route renders only
 * once the session is known): the most opened addresses only, the rest load when routed as before.
 */
const FIRST_SCREEN: [RegExp, () => Promise<unknown>][] = [
  [/^\/$/, () => import('./pages/Today')],
  [/^\/companies\/?$/, () => import('./pages/Companies')],
  [/^\/companies\/[^/]+$/, () => import('./pages/CompanyRecord')],
  [/^\/people\/?$/, () => import('./pages/People')],
  [/^\/people\/[^/]+$/, () => import('./pages/PersonRecord')],
];
void FIRST_SCREEN.find(([path]) => path.test(window.location.pathname))?.[1]().catch(() => undefined);

const queries = new QueryClient({
  defaultOptions: { queries: { retry: (n, e) => n < 1 && !(e && 'status' in e && (e as { status: number }).status < 500), staleTime: 15_000, refetchOnWindowFocus: false } },
});
// After any write of records, everything read so far is stale, and a screen shown next reads again (one screen's
// write refreshes every other screen that shows the record, whatever its query key). Nothing is read again at
// once: the writing screen updates what it shows from the answer, as it did. The session (`me`: the user and
// the workspace's constants) is not a record list; the writes that change it say so themselves.
whenWritten(() => void queries.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me', refetchType: 'none' }));

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
