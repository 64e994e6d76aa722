import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, matchRoutes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { whenWritten } from './lib/api';
import { Session, meKeys } from './lib/session';
import type { Feature } from './shell/feature';
import { Shell } from './shell/Shell';
import { lazyScreen, type LazyScreen } from './shell/lazy-screen';
import './styles.css';

/**
 * Every feature's addresses and navigation entries, declared in its own `features/<kind>/routes.tsx` (shell/feature.ts)
 * and found here at build time: a new screen edits its feature's file only. Each screen is its own chunk, loaded when
 * first opened (the features' `lazy` imports).
 */
const FEATURES = Object.values(import.meta.glob<Feature>('./features/*/routes.tsx', { eager: true, import: 'feature' }));
const ROUTES = FEATURES.flatMap((f) => f.routes);
const NAV = FEATURES.flatMap((f) => f.nav ?? []).sort((a, b) => a.order - b.order);
const NotFound = lazyScreen(() => import('./shell/NotFound'));

/**
 * The first screen's chunk starts loading now, beside `/me`, instead of after it (the route renders only once the
 * session is known); loaded by then, the screen renders without a fallback (shell/lazy-screen.ts).
 */
const first = matchRoutes(ROUTES, window.location)?.at(-1)?.route.element?.type as Partial<LazyScreen<() => null>> | undefined;
void first?.preload?.().catch(() => undefined);

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
          <Shell nav={NAV}>
            <Routes>
              {ROUTES.map((r) => (
                <Route key={r.path} path={r.path} element={r.element} />
              ))}
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Shell>
        </Session>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
