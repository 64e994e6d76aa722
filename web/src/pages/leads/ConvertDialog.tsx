import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLeadText } from './leads.text';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';

type Lead = Schemas['Lead'];
type Result = Schemas['LeadConvertResponse'];

/**
 * The convert dialog (spec 4.3) with every mode: the company (registered or name-matched / new prospect /
 * an existing one found by name), each person (new / skip / link to a contact of the chosen company), the
 * opportunity (new / an open one of the company / none), the fair visit and the follow-up task; then the result
 * with links to what was created.
 */
export function ConvertDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const t = useT();
  const text = useLeadText();
  const labelOf = useLabels();
  const me = useMe();
  const qc = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const [mode, setMode] = useState<'' | 'new' | 'existing'>('');
  const [words, setWords] = useState(lead.company);
  const [search, setSearch] = useState('');
  const [customerId, setCustomerId] = useState('');
  const [people, setPeople] = useState<string[]>(() => lead.people.map(() => 'new'));
  const [oppMode, setOppMode] = useState<'new' | 'existing' | 'none'>('new');
  const [oppId, setOppId] = useState('');
  const [makeVisit, setMakeVisit] = useState(true);
  const [makeTask, setMakeTask] = useState(true);
  const company = mode === 'existing' && customerId ? Number(customerId) : null;
  /** Another company: links to the former one's contacts and opportunity no longer apply. */
  const changeCompany = (m: '' | 'new' | 'existing', id: string) => {
    setMode(m);
    setCustomerId(id);
    setOppId('');
    setPeople((ps) => ps.map((p) => (p === 'skip' ? p : 'new')));
    if (oppMode === 'existing') setOppMode('new');
  };

  const found = useQuery({
    queryKey: ['companies', 'convert', search],
    enabled: mode === 'existing' && search !== '',
    queryFn: async () => must(await api.GET('/api/v1/companies', { params: { query: { q: search, limit: 20 } } })).items,
  });
  const contacts = useQuery({
    queryKey: ['people', 'convert', company],
    enabled: company !== null && lead.people.length > 0,
    queryFn: async () => must(await api.GET('/api/v1/people', { params: { query: { customer_id: company!, limit: 100 } } })).items,
  });
  const opps = useQuery({
    queryKey: ['opportunities', 'convert', company],
    enabled: company !== null && oppMode === 'existing',
    queryFn: async () => must(await api.GET('/api/v1/opportunities', { params: { query: { customer_id: company!, status: 'open', limit: 100 } } })).items,
  });

  const convert = useMutation({
    mutationFn: async (): Promise<Result> => {
      const body = {
        ...(mode ? { mode } : {}),
        ...(company ? { customer_id: company } : {}),
        people: Object.fromEntries(people.map((p, i): [string, 'new' | 'skip' | number] => [String(i), p === 'new' || p === 'skip' ? p : Number(p)])),
        opp_mode: oppMode,
        ...(oppMode === 'existing' && oppId ? { opp_id: Number(oppId) } : {}),
        make_visit: makeVisit,
        make_task: makeTask,
      };
      return must(await api.POST('/api/v1/leads/{id}/convert', { params: { path: { id: lead.id } }, body }));
    },
    onSuccess: (r) => {
      qc.setQueryData(['lead', lead.id], r.lead);
      void qc.invalidateQueries({ queryKey: ['leads'] });
    },
  });
  const close = () => {
    ref.current?.close();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    convert.mutate();
  };
  const err = convert.error instanceof ApiFailure ? convert.error : null;
  const existing = err?.body.existing as { id: number; name: string } | undefined;
  const r = convert.data;

  return (
    <dialog ref={ref} className="ld-dialog" aria-labelledby="convert-title" onCancel={onClose}>
      <h2 id="convert-title">{r ? text('result') : text('convertLead')}</h2>
      {r ? (
        <div className="ld-result" role="status">
          {/* the API's `message` is for developers (English, with keys and record keys): the app says it from the data */}
          <p>
            {text('convertDone')}
            {r.opp_id ? ` ${text('wonLater', { status: labelOf('lead_statuses', me.constants.lead_status_won) })}` : ''}
          </p>
          <ul>
            <li>
              {text('company')}: <Link to={`/companies/${r.customer_id}`}>{r.customer}</Link>
            </li>
            {r.opp_id ? (
              <li>
                {text('opportunity')}: <Link to={`/opportunities/${r.opp_id}`}>{text('viewOpp')}</Link>
              </li>
            ) : null}
            {r.task_id ? (
              <li>
                {text('task')}: <Link to={`/tasks/${r.task_id}`}>{labelOf('lead_next_actions', r.lead.next_action) || text('task')}</Link>
              </li>
            ) : null}
            <li>{text('createdLinked', { created: r.created, linked: r.linked })}</li>
            {r.lead.people
              .filter((p) => p.cid)
              .map((p) => (
                <li key={p.cid}>
                  {text('contact')}: <Link to={`/people/${p.cid}`}>{p.name}</Link>
                </li>
              ))}
          </ul>
          <button type="button" className="primary" autoFocus onClick={close}>
            {t('common.close')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend>{text('companyMode')}</legend>
            {(
              [
                ['', text('modeAuto')],
                ['new', text('modeNew')],
                ['existing', text('modeExisting')],
              ] as const
            ).map(([m, label]) => (
              <label key={m} className="co-check">
                <input type="radio" name="mode" checked={mode === m} onChange={() => changeCompany(m, m === 'existing' ? customerId : '')} /> {label}
              </label>
            ))}
            {mode === 'existing' ? (
              <div className="ld-find">
                <label>
                  {text('findCompany')}
                  <input type="search" value={words} onChange={(e) => setWords(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); setSearch(words.trim()); } }} />
                </label>
                <button type="button" onClick={() => setSearch(words.trim())}>
                  {text('search')}
                </button>
                {search ? (
                  <label>
                    {text('pickCompany')}
                    <select value={customerId} onChange={(e) => changeCompany('existing', e.target.value)}>
                      <option value="">{found.isFetching ? t('app.loading') : (found.data?.length ?? 0) === 0 ? text('noResults') : text('pickOne')}</option>
                      {(found.data ?? []).map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                          {c.city ? ` (${c.city})` : ''}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
            ) : null}
          </fieldset>
          <fieldset>
            <legend>{text('people')}</legend>
            {lead.people.length === 0 ? <p className="help">{text('noPeople')}</p> : null}
            {lead.people.map((p, i) => (
              <label key={i}>
                {text('personMode', { name: [p.name, p.title].filter(Boolean).join(', ') })}
                <select value={people[i]} onChange={(e) => setPeople(people.map((x, j) => (j === i ? e.target.value : x)))}>
                  <option value="new">{text('personNew')}</option>
                  <option value="skip">{text('personSkip')}</option>
                  {(contacts.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {text('personLink', { name: c.name })}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{text('oppMode')}</legend>
            {(
              [
                ['new', text('oppNew')],
                ['existing', text('oppExisting')],
                ['none', text('oppNone')],
              ] as const
            ).map(([m, label]) => (
              <label key={m} className="co-check">
                <input type="radio" name="opp_mode" checked={oppMode === m} disabled={m === 'existing' && company === null} onChange={() => setOppMode(m)} /> {label}
              </label>
            ))}
            {oppMode === 'existing' && company !== null ? (
              opps.data && opps.data.length === 0 ? (
                <p className="help">{text('noOpenOpps')}</p>
              ) : (
                <label>
                  {text('pickOpp')}
                  <select value={oppId} onChange={(e) => setOppId(e.target.value)}>
                    <option value="">{opps.isFetching ? t('app.loading') : text('pickOne')}</option>
                    {(opps.data ?? []).map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </label>
              )
            ) : null}
          </fieldset>
          <label className="co-check">
            <input type="checkbox" checked={makeVisit} onChange={(e) => setMakeVisit(e.target.checked)} /> {text('makeVisit')}
          </label>
          {lead.next_action ? (
            <label className="co-check">
              <input type="checkbox" checked={makeTask} onChange={(e) => setMakeTask(e.target.checked)} /> {text('makeTask')}
            </label>
          ) : null}
          {err ? (
            <div className="error" role="alert">
              <p>{err.body.message ?? err.message}</p>
              {existing ? (
                <p>
                  {text('companyExists')} <Link to={`/companies/${existing.id}`}>{existing.name}</Link>
                </p>
              ) : null}
            </div>
          ) : convert.error ? (
            <p className="error" role="alert">
              {convert.error instanceof Error ? convert.error.message : t('app.error')}
            </p>
          ) : null}
          <div className="co-actions">
            <button type="submit" className="primary" disabled={convert.isPending || (mode === 'existing' && !company) || (oppMode === 'existing' && !oppId)}>
              {text('doConvert')}
            </button>
            <button type="button" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
