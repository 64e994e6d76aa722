import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, whenSignedOut, type Schemas } from './api';
import { LangProvider, langOf } from './i18n';
import { SignIn } from './SignIn';

export type Me = Schemas['Me'];

const MeContext = createContext<Me | null>(null);

/** The signed-in caller's `me` (user, app, constants, modules). Only inside <Session>. */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside a session');
  return me;
}

/** Whether the signed-in user has a module on (licence and user). */
export function useModule(module: string): boolean {
  return (useMe().user.modules ?? []).includes(module);
}

/** Whether the user may import files: admins, and users whose modules list holds the `import` permission (docs/decisions/import.md). */
export function useMayImport(): boolean {
  const user = useMe().user;
  return user.role === 'admin' || (user.modules ?? []).includes('import');
}

export const MODULES = {
  customers: 'Customers',
  opportunities: 'Opportunities',
  activities: 'Visits / Activities',
  leads: 'Fair leads',
  orders: 'Orders',
  email: 'Email',
  approvals: 'Approvals',
  support: 'Support',
} as const;

/** The react-query key of `me` (the user and the workspace's constants): a write that changes them reads it again. */
export const meKeys = { all: ['me'] as const };

/**
 * The session gate: loads `me`; without a session it shows sign-in in place, so the address the user
 * came to (a record link from an e-mail or a webhook) is still the address after signing in.
 */
export function Session({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  const me = useQuery({
    queryKey: meKeys.all,
    queryFn: async () => must(await api.GET('/api/v1/me')),
    retry: false,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    whenSignedOut(() => {
      setSignedOut(true);
      qc.removeQueries();
    });
  }, [qc]);

  const browserLang = langOf(navigator.language);
  if (me.isPending && !signedOut) return <p className="boot">…</p>;
  if (signedOut || me.isError || !me.data) {
    document.documentElement.lang = browserLang;
    return (
      <LangProvider lang={browserLang}>
        <SignIn
          onSignedIn={async () => {
            setSignedOut(false);
            await qc.resetQueries();
          }}
        />
      </LangProvider>
    );
  }
  const data = me.data;
  applyTheme(data.app);
  document.documentElement.lang = langOf(data.locale);
  return (
    <MeContext.Provider value={data}>
      <LangProvider lang={langOf(data.locale)}>{children}</LangProvider>
    </MeContext.Provider>
  );
}

/** The workspace's accent colours as CSS variables (only well-formed colours). */
function applyTheme(app: Me['app']): void {
  const root = document.documentElement.style;
  const color = /^#[0-9a-fA-F]{3,8}$/;
  if (color.test(app.accent)) root.setProperty('--accent', app.accent);
  if (color.test(app.accent_dark)) root.setProperty('--accent-dark', app.accent_dark);
  document.title = app.name || 'CRM';
}
