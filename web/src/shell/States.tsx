import type { ReactNode } from 'react';
import { ApiFailure } from '../lib/api';
import { errorSentence } from '../lib/errors';
import { useLang, useT } from '../lib/i18n';
import { useDocumentTitle } from '../lib/title';

export function Loading() {
  const t = useT();
  return (
    <p className="loading" role="status">
      {t('app.loading')}
    </p>
  );
}

/** A failed load: 404 (absent, or not the caller's to see) reads as not found; anything else offers a retry. */
export function Failed({ error, retry }: { error: unknown; retry?: () => void }) {
  const t = useT();
  const lang = useLang();
  if (error instanceof ApiFailure && error.status === 404) return <NotFoundPanel />;
  return (
    <div className="panel" role="alert">
      <p>{errorSentence(lang, error)}</p>
      {retry && (
        <button type="button" onClick={retry}>
          {t('app.retry')}
        </button>
      )}
    </div>
  );
}

export function NotFoundPanel() {
  const t = useT();
  useDocumentTitle(t('app.notFound'));
  return (
    <section className="panel">
      <h1>{t('app.notFound')}</h1>
      <p>{t('app.notFoundText')}</p>
    </section>
  );
}

/**
 * A query's three states in one place. A query that is off and has nothing (a record page whose address
 * holds no valid id, `/companies/abc`) will never load: that address names nothing, so Not found.
 */
export function Loaded<T>({ q, children }: { q: { data?: T; error: unknown; isPending: boolean; fetchStatus?: string; refetch: () => unknown }; children: (data: T) => ReactNode }) {
  if (q.isPending && q.fetchStatus === 'idle' && !q.error) return <NotFoundPanel />;
  if (q.isPending) return <Loading />;
  if (q.error || q.data === undefined) return <Failed error={q.error} retry={() => void q.refetch()} />;
  return <>{children(q.data)}</>;
}
