import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { useObjectDefs } from './queries';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { MODULES, useModule } from '../../lib/session';
import { useObjectText } from './objects.text';
import '../../shell/screens.css';
import './objects.css';

type Groups = Schemas['LinkedRecords'];


/**
 * The custom records linked to a company, person or opportunity record: one section per object that has a
 * relation to this kind of record (from the definitions, the screen's second call) or records linking here
 * (the record's `objects`), each record a link, and "New <object>" per relation, prefilled with this record.
 */
export function LinkedRecordsSections({ kind, id, name, groups }: { kind: 'company' | 'person' | 'opportunity'; id: number; name: string; groups: Groups }) {
  const text = useObjectText();
  const lang = useLang();
  const allowed = useModule(MODULES.customers);
  const defs = useObjectDefs(allowed);
  if (!allowed) return null;
  const objects = new Map<string, { label: string; relations: { key: string; label: string }[] }>();
  for (const o of defs.data ?? []) {
    const rels = o.relations.filter((r) => r.kind === kind).map((r) => ({ key: r.key, label: r.label }));
    if (rels.length) objects.set(o.key, { label: o.label, relations: rels });
  }
  for (const g of groups) if (!objects.has(g.key)) objects.set(g.key, { label: g.label, relations: [] });
  return (
    <>
      {[...objects].map(([key, o]) => {
        const mine = groups.filter((g) => g.key === key);
        const items = mine.flatMap((g) => g.items.map((it) => ({ ...it, relation: g.relation_label })));
        const several = new Set(mine.map((g) => g.relation)).size > 1 || o.relations.length > 1;
        return (
          <section key={key} className="co-section ob-linked" aria-label={o.label}>
            <h2>
              {o.label} <span className="co-count">({formatNumber(lang, items.length)})</span>
            </h2>
            {items.length === 0 ? (
              <p className="help">{text('none')}</p>
            ) : (
              <ul className="co-list">
                {items.map((it) => (
                  <li key={`${it.relation}-${it.id}`}>
                    <Link to={`/objects/${encodeURIComponent(key)}/${it.id}`}>{it.name}</Link>
                    {several ? <span className="help">{it.relation}</span> : null}
                    {!it.active ? <span className="co-badge">{text('archivedBadge')}</span> : null}
                  </li>
                ))}
              </ul>
            )}
            {o.relations.length > 0 ? (
              <p className="co-actions">
                {o.relations.map((r) => (
                  <Link key={r.key} className="button" to={`/objects/${encodeURIComponent(key)}?${new URLSearchParams({ new: '1', rel: r.key, to: String(id), to_name: name }).toString()}`}>
                    {text('newOf', { label: o.label })}
                    {o.relations.length > 1 ? ` (${r.label})` : ''}
                  </Link>
                ))}
              </p>
            ) : null}
          </section>
        );
      })}
    </>
  );
}
