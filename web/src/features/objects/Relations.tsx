import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { objectKeys } from './queries';
import { FormError } from '../../shell/forms';
import { useObjectText } from './objects.text';

type Rec = Schemas['CustomObjectRecord'];
type Relation = Rec['relations'][number];
interface Found {
  id: number;
  name: string;
  sub?: string;
}

const PAGE_OF: Record<string, string> = { company: '/companies', person: '/people', opportunity: '/opportunities' };
const PICK = 8;

/** Where a linked item opens: the company / person / opportunity record, or the custom record. */
export function itemHref(rel: Pick<Relation, 'kind' | 'object'>, id: number): string | null {
  if (rel.kind === 'object') return rel.object ? `/objects/${encodeURIComponent(rel.object)}/${id}` : null;
  return `${PAGE_OF[rel.kind]}/${id}`;
}

/** Candidates for a relation by name (the target list's `q`): companies, people, opportunities or another object's records. */
async function findTargets(rel: Relation, q: string): Promise<Found[]> {
  const query = { q, limit: PICK };
  switch (rel.kind) {
    case 'company':
      return must(await api.GET('/api/v1/companies', { params: { query } })).items.map((x) => ({ id: x.id, name: x.name, sub: x.city }));
    case 'person':
      return must(await api.GET('/api/v1/people', { params: { query } })).items.map((x) => ({ id: x.id, name: x.name, sub: x.customer }));
    case 'opportunity':
      return must(await api.GET('/api/v1/opportunities', { params: { query } })).items.map((x) => ({ id: x.id, name: x.name, sub: x.customer }));
    default:
      return must(await api.GET('/api/v1/objects/{key}/records', { params: { path: { key: rel.object }, query } })).items.map((x) => ({ id: x.id, name: x.name, sub: x.sub }));
  }
}

/**
 * The relations of a custom record (spec 2.10): each with its items as links; on the record's own (`out`)
 * relations, when it may be edited, a Remove button per item (`unlinks`) and a picker that adds (`links`; a
 * one-relation's pick replaces its item). Each change answers the record, handed to `onSaved`.
 */
export function RelationsPanel({ objectKey, record, onSaved }: { objectKey: string; record: Rec; onSaved: (r: Rec) => void }) {
  const text = useObjectText();
  const change = useMutation({
    mutationFn: async (body: { links?: Record<string, number[]>; unlinks?: Record<string, number[]> }) =>
      must(await api.PATCH('/api/v1/objects/{key}/records/{id}', { params: { path: { key: objectKey, id: record.id } }, body })).record,
    onSuccess: onSaved,
  });
  if (!record.relations.length) return null;
  return (
    <section className="panel" aria-labelledby="ob-rel">
      <h2 id="ob-rel">{text('relations')}</h2>
      <FormError error={change.error} />
      <div className="ob-rels">
        {record.relations.map((rel) => {
          const editable = record.editable && rel.side === 'out';
          return (
            <section key={`${rel.side}:${rel.key}`} className="ob-rel" aria-label={rel.label}>
              <h3>
                {rel.label} <span className="help">({rel.target_label})</span>
              </h3>
              {rel.items.length === 0 ? (
                <p className="help">{text('none')}</p>
              ) : (
                <ul className="co-list">
                  {rel.items.map((it) => {
                    const href = itemHref(rel, it.id);
                    return (
                      <li key={it.id}>
                        {href ? <Link to={href}>{it.name}</Link> : <span>{it.name}</span>}
                        {editable ? (
                          <button type="button" className="ob-remove" aria-label={text('removeNamed', { name: it.name, label: rel.label })} disabled={change.isPending} onClick={() => change.mutate({ unlinks: { [rel.key]: [it.id] } })}>
                            {text('remove')}
                          </button>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
              {editable ? <Picker rel={rel} busy={change.isPending} onPick={(id) => change.mutate({ links: { [rel.key]: [id] } })} /> : null}
            </section>
          );
        })}
      </div>
    </section>
  );
}

/** Search the relation's target kind by name and pick one; closed until asked for. */
function Picker({ rel, busy, onPick }: { rel: Relation; busy: boolean; onPick: (id: number) => void }) {
  const text = useObjectText();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const found = useQuery({ queryKey: objectKeys.relationPick(rel.kind, rel.object, term), queryFn: () => findTargets(rel, term), enabled: open && term !== '' });
  const replace = !rel.many && rel.items.length > 0;
  const action = replace ? text('change') : text('add');
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} aria-label={`${action}: ${rel.label}`}>
        {action}
      </button>
    );
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTerm(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  };
  const have = new Set(rel.items.map((i) => i.id));
  const rows = (found.data ?? []).filter((x) => !have.has(x.id));
  return (
    <div className="ob-picker">
      <form role="search" aria-label={text('findIn', { label: rel.label })} onSubmit={search} className="co-filters">
        <label>
          {text('findIn', { label: rel.label })}
          <input name="q" type="search" defaultValue={term} autoFocus />
        </label>
        <div className="co-actions">
          <button type="submit">{text('search')}</button>
          <button type="button" onClick={() => setOpen(false)}>
            {text('close')}
          </button>
        </div>
      </form>
      <FormError error={found.error} />
      {term !== '' && found.isSuccess ? (
        rows.length === 0 ? (
          <p className="help" role="status">
            {text('noMatches')}
          </p>
        ) : (
          <ul className="co-list" aria-label={text('matches')}>
            {rows.map((x) => (
              <li key={x.id}>
                <span>{x.name}</span>
                {x.sub ? <span className="help">{x.sub}</span> : null}
                <button
                  type="button"
                  disabled={busy}
                  aria-label={text('pickNamed', { action, name: x.name })}
                  onClick={() => {
                    onPick(x.id);
                    setOpen(false);
                    setTerm('');
                  }}
                >
                  {action}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
