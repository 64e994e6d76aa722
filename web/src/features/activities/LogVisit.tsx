import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { newDraft, VisitForm, withDefaults, type Draft } from './VisitForm';
import { useVisitText } from './visits.text';
import './visits.css';
import { useActivityWritten, useQeConfig, useVisitCompany } from './queries';
import { useCompanySearch } from '../search/queries';

const idOf = (s: string | null) => (s && /^\d+$/.test(s) ? Number(s) : null);

/**
 * "Log a visit" (`/activities/new?customer_id=&opp_id=`): without a company a picker (search), then the Quick
 * Entry form from two calls (GET /qe/config, GET /companies/{id} with its people and open opportunities).
 */
export default function LogVisit() {
  const [params, setParams] = useSearchParams();
  const text = useVisitText();
  const customerId = idOf(params.get('customer_id'));
  const oppId = idOf(params.get('opp_id'));
  return (
    <div className="qe-page">
      <h1>{text('title')}</h1>
      {customerId ? (
        <Entry key={customerId} customerId={customerId} oppId={oppId} onChangeCompany={() => setParams(new URLSearchParams(), { replace: true })} />
      ) : (
        <CompanyPicker onPick={(id) => setParams(new URLSearchParams({ customer_id: String(id) }))} />
      )}
    </div>
  );
}

function CompanyPicker({ onPick }: { onPick: (id: number) => void }) {
  const text = useVisitText();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setDebounced(q.trim()), 300);
    return () => clearTimeout(h);
  }, [q]);
  const found = useCompanySearch(debounced);
  return (
    <section className="panel qe-picker">
      <label>
        {text('findCompany')}
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} autoFocus autoComplete="off" />
      </label>
      {found.data && found.data.length === 0 ? <p className="help">{text('noCompany')}</p> : null}
      {found.data?.length ? (
        <ul className="qe-picks">
          {found.data.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => onPick(c.id)}>
                <strong>{c.name}</strong> {c.subtitle ? <span className="help">{c.subtitle}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Entry({ customerId, oppId, onChangeCompany }: { customerId: number; oppId: number | null; onChangeCompany: () => void }) {
  const me = useMe();
  const text = useVisitText();
  const [type, setType] = useState<string | null>(null);
  const config = useQeConfig(type);
  const company = useVisitCompany(customerId);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const setDraft = (f: (d: Draft) => Draft) => setDraftState((d) => (d ? f(d) : d));
  const appliedType = useRef<string | null | undefined>(undefined);
  // a new config (first load, or another visit type): the form starts, or takes the type's default template
  useEffect(() => {
    const c = config.data;
    if (!c || config.isPlaceholderData || appliedType.current === type) return;
    appliedType.current = type;
    setDraftState((d) => (d ? withDefaults({ ...d, type: type ?? d.type, templateId: c.default_template ?? d.templateId }, c) : newDraft(c, me.timezone, type, oppId)));
  }, [config.data, config.isPlaceholderData, type, me.timezone, oppId]);

  const [saved, setSaved] = useState<Schemas['Activity'] | null>(null);
  const [undone, setUndone] = useState(false);
  const written = useActivityWritten();
  const undo = useMutation({
    mutationFn: async (id: number) => must(await api.DELETE('/api/v1/activities/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      void written(customerId);
      setSaved(null);
      setUndone(true);
    },
  });

  return (
    <Loaded q={company}>
      {(r) =>
        config.data && draft ? (
          <>
            <p className="qe-company">
              <Link to={`/companies/${r.company.id}`}>{r.company.name}</Link>
              {r.company.city ? <span className="help"> · {r.company.city}</span> : null}{' '}
              {!saved ? (
                <button type="button" className="link" onClick={onChangeCompany}>
                  {text('changeCompany')}
                </button>
              ) : null}
            </p>
            {saved ? (
              <UndoBar activity={saved} seconds={config.data.undo_seconds} busy={undo.isPending} onUndo={() => undo.mutate(saved.id)} error={undo.error} />
            ) : (
              <>
                {undone ? (
                  <p className="qe-undone" role="status">
                    {text('undone')}
                  </p>
                ) : null}
                <VisitForm
                  company={r.company}
                  choices={{ people: (r.people?.items ?? []).map((p) => ({ id: p.id, name: p.name })), opps: (r.opportunities?.items ?? []).map((o) => ({ id: o.id, name: o.name })) }}
                  config={config.data}
                  draft={draft}
                  setDraft={setDraft}
                  onType={(t) => {
                    setDraft((d) => ({ ...d, type: t }));
                    setType(t);
                  }}
                  onSaved={(a) => {
                    setUndone(false);
                    setSaved(a);
                  }}
                />
              </>
            )}
          </>
        ) : (
          <Loaded q={config}>{() => null}</Loaded>
        )
      }
    </Loaded>
  );
}

/** After a save: undo for `seconds` (the config's undo window), then only the link to the new record. */
function UndoBar({ activity, seconds, busy, onUndo, error }: { activity: Schemas['Activity']; seconds: number; busy: boolean; onUndo: () => void; error: unknown }) {
  const text = useVisitText();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const h = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(h);
  }, [left]);
  return (
    <section className="qe-undo" aria-label={text('saved')}>
      <p role="status">
        {text('saved')} <strong>{activity.rid}</strong>
      </p>
      <div className="qe-undo-actions">
        {left > 0 ? (
          <button type="button" className="primary" onClick={onUndo} disabled={busy} autoFocus>
            {text('undoIn', { n: left })}
          </button>
        ) : null}
        <Link className="button" to={`/activities/${activity.id}`}>
          {text('openVisit')}
        </Link>
        <Link className="button" to={`/activities/new?customer_id=${activity.customer_id}`} reloadDocument>
          {text('another')}
        </Link>
      </div>
      <FormError error={error} />
    </section>
  );
}
