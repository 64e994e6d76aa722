import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { companyKeys } from '../companies/queries';
import { personKeys } from '../people/queries';
import { oppKeys } from '../opportunities/queries';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useLeadText } from './leads.text';

type Lead = Schemas['Lead'];
type Result = Schemas['LeadConvertResponse'];
export type CompanyMode = '' | 'new' | 'existing';
export type OppMode = 'new' | 'existing' | 'none';

/** What the conversion made, with links to it. */
export function ConvertResult({ r, onClose }: { r: Result; onClose: () => void }) {
  const t = useT();
  const text = useLeadText();
  const labelOf = useLabels();
  const me = useMe();
  return (
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
      <button type="button" className="primary" autoFocus onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

/** The company: registered or name-matched, a new prospect, or an existing one found by name. */
export function CompanyChoice({ lead, mode, customerId, onChange }: { lead: Lead; mode: CompanyMode; customerId: string; onChange: (m: CompanyMode, id: string) => void }) {
  const t = useT();
  const text = useLeadText();
  const [words, setWords] = useState(lead.company);
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: companyKeys.search(search),
    enabled: mode === 'existing' && search !== '',
    queryFn: async () => must(await api.GET('/api/v1/companies', { params: { query: { q: search, limit: 20 } } })).items,
  });
  return (
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
          <input type="radio" name="mode" checked={mode === m} onChange={() => onChange(m, m === 'existing' ? customerId : '')} /> {label}
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
              <select value={customerId} onChange={(e) => onChange('existing', e.target.value)}>
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
  );
}

/** Each person of the lead: new, skipped, or linked to a contact of the chosen company. */
export function PeopleChoice({ lead, company, people, setPeople }: { lead: Lead; company: number | null; people: string[]; setPeople: (p: string[]) => void }) {
  const text = useLeadText();
  const contacts = useQuery({
    queryKey: personKeys.ofCompany(company),
    enabled: company !== null && lead.people.length > 0,
    queryFn: async () => must(await api.GET('/api/v1/people', { params: { query: { customer_id: company!, limit: 100 } } })).items,
  });
  return (
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
  );
}

/** The opportunity: a new one, an open one of the chosen company, or none. */
export function OppChoice({ company, oppMode, setOppMode, oppId, setOppId }: { company: number | null; oppMode: OppMode; setOppMode: (m: OppMode) => void; oppId: string; setOppId: (id: string) => void }) {
  const t = useT();
  const text = useLeadText();
  const opps = useQuery({
    queryKey: oppKeys.convert(company),
    enabled: company !== null && oppMode === 'existing',
    queryFn: async () => must(await api.GET('/api/v1/opportunities', { params: { query: { customer_id: company!, status: 'open', limit: 100 } } })).items,
  });
  return (
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
  );
}

/** A refused conversion: the API's sentence, and a link to the company that already exists when that is why. */
export function ConvertError({ error }: { error: unknown }) {
  const t = useT();
  const text = useLeadText();
  const err = error instanceof ApiFailure ? error : null;
  const existing = err?.body.existing as { id: number; name: string } | undefined;
  return err ? (
    <div className="error" role="alert">
      <p>{err.body.message ?? err.message}</p>
      {existing ? (
        <p>
          {text('companyExists')} <Link to={`/companies/${existing.id}`}>{existing.name}</Link>
        </p>
      ) : null}
    </div>
  ) : error ? (
    <p className="error" role="alert">
      {error instanceof Error ? error.message : t('app.error')}
    </p>
  ) : null;
}
