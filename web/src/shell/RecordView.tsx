import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/title';

/** A record's header: kind, key (`rid`) and name; the name is the tab's title. */
export function RecordHeader({ kind, rid, title, children }: { kind: string; rid?: string | null; title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="record-header">
      <p className="kind">
        {kind}
        {rid ? <span className="rid"> · {rid}</span> : null}
      </p>
      <h1>{title}</h1>
      {children}
    </header>
  );
}

/** Label and value pairs; empty values are left out. */
export function Fields({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== false);
  return (
    <dl className="fields">
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A link to a company, person or opportunity record when the id is known. */
export function RecordLink({ kind, id, children }: { kind: 'companies' | 'people' | 'opportunities' | 'leads'; id: number | null | undefined; children: ReactNode }) {
  if (!id) return <>{children}</>;
  return <Link to={`/${kind}/${id}`}>{children}</Link>;
}
