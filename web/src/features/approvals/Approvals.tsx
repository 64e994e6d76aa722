import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useApprovalForms, useApprovalList, useApprovalsWritten } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatDate, formatNumber, formatTimestamp } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { LoadMore } from '../../shell/ListScreen';
import { useUrlFilters } from '../../shell/url-filters';
import { useApprovalText } from './approvals.text';
import { ApprovalLists } from './ListForm';
import { RequestForm } from './RequestForm';
import '../../shell/screens.css';
import './approvals.css';

type Form = Schemas['ApprovalForm'];
type Request = Schemas['ApprovalRequest'];
const PAGE = 25;

/**
 * Approvals: the lists the user may submit to with a form each (working days counted as dates are picked),
 * and the requests: mine, or those waiting for my decision (`?view=inbox`). Two calls: the lists and one page.
 */
export default function Approvals() {
  const text = useApprovalText();
  const { values: f, set } = useUrlFilters(['view', 'form'] as const);
  const view = f.view === 'inbox' ? 'inbox' : 'mine';
  const forms = useApprovalForms();
  const query = view === 'inbox' ? { role: 'approver' as const, status: 'pending' as const, limit: PAGE } : { role: 'requester' as const, limit: PAGE };
  const list = useApprovalList(query);
  const chosen = forms.data?.find((x) => String(x.id) === f.form);

  return (
    <section className="ap-page">
      <h1>{text('approvals')}</h1>
      <ApprovalLists />
      <Loaded q={forms}>
        {(all) => (
          <section className="panel" aria-labelledby="ap-new">
            <h2 id="ap-new">{text('newRequest')}</h2>
            {all.length === 0 ? (
              <p>{text('noLists')}</p>
            ) : (
              <ul className="ap-lists" aria-label={text('chooseList')}>
                {all.map((x) => (
                  <li key={x.id}>
                    <button type="button" aria-pressed={chosen?.id === x.id} onClick={() => set({ form: chosen?.id === x.id ? '' : String(x.id) })}>
                      {x.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {chosen && <RequestForm key={chosen.id} form={chosen} onDone={() => set({ form: '', view: '' })} />}
          </section>
        )}
      </Loaded>

      <nav className="ap-tabs" aria-label={text('views')}>
        <button type="button" aria-pressed={view === 'mine'} onClick={() => set({ view: '' })}>
          {text('mine')}
        </button>
        <button type="button" aria-pressed={view === 'inbox'} onClick={() => set({ view: 'inbox' })}>
          {text('inbox')}
        </button>
      </nav>
      <h2>{view === 'inbox' ? text('inbox') : text('mine')}</h2>
      <Loaded q={list}>
        {(data) => {
          const rows = data.pages.flatMap((p) => p.items);
          if (rows.length === 0) return <p className="panel">{view === 'inbox' ? text('noInbox') : text('noMine')}</p>;
          return (
            <>
              <table className="co-table ap-table">
                <caption className="sr-only">{view === 'inbox' ? text('inbox') : text('mine')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('list')}</th>
                    {view === 'inbox' && <th scope="col">{text('requester')}</th>}
                    <th scope="col">{text('details')}</th>
                    <th scope="col">{text('days')}</th>
                    <th scope="col">{text('sentAt')}</th>
                    <th scope="col">{view === 'inbox' ? text('decision') : text('status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <RequestRow key={r.id} r={r} form={forms.data?.find((x) => x.id === r.list_id)} inbox={view === 'inbox'} />
                  ))}
                </tbody>
              </table>
              <LoadMore q={list} />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}


/** One request: its values by the list's labels; in the inbox, approve or reject with a note. */
function RequestRow({ r, form, inbox }: { r: Request; form?: Form; inbox: boolean }) {
  const me = useMe();
  const text = useApprovalText();
  const lang = useLang();
  const written = useApprovalsWritten();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: async (how: 'approve' | 'reject') => {
      const path = how === 'approve' ? '/api/v1/approvals/{id}/approve' : '/api/v1/approvals/{id}/reject';
      return must(await api.POST(path, { params: { path: { id: r.id } }, body: note.trim() ? { note } : {} })).item;
    },
    onSuccess: written,
  });
  const shown = (key: string, v: unknown): string => {
    const type = form?.fields.find((x) => x.key === key)?.type;
    if (type === 'date' && typeof v === 'string') return formatDate(lang, v);
    if (type === 'person') return me.users.find((u) => u.id === v)?.full_name ?? String(v);
    if (type === 'checkbox') return v ? text('yes') : text('no');
    if (typeof v === 'number') return formatNumber(lang, v, 2);
    return String(v ?? '');
  };
  // in the list's field order (keys of fields no longer in the list last)
  const order = (k: string) => form?.fields.findIndex((x) => x.key === k) ?? -1;
  const details = Object.entries(r.values)
    .filter(([, v]) => v !== null && v !== '' && v !== false)
    .sort(([a], [b]) => (order(a) < 0 ? 99 : order(a)) - (order(b) < 0 ? 99 : order(b)))
    .map(([k, v]) => `${form?.fields.find((x) => x.key === k)?.label ?? k}: ${shown(k, v)}`)
    .join(' · ');
  const requester = r.requester?.full_name ?? '';
  return (
    <tr>
      <th scope="row" data-label={text('list')}>
        {r.list}
      </th>
      {inbox && <td data-label={text('requester')}>{requester}</td>}
      <td data-label={text('details')}>
        {details}
        {r.note ? <div className="help">“{r.note}”</div> : null}
      </td>
      <td data-label={text('days')}>{r.working_days === null ? '' : formatNumber(lang, r.working_days)}</td>
      <td data-label={text('sentAt')}>{formatTimestamp(lang, r.created_at)}</td>
      <td data-label={inbox ? text('decision') : text('status')}>
        {inbox && r.can_decide ? (
          <div className="ap-decide">
            <label>
              <span className="sr-only">{text('decisionNote', { name: requester })}</span>
              <input value={note} placeholder={text('decisionNote', { name: requester })} onChange={(e) => setNote(e.target.value)} />
            </label>
            <div className="co-actions">
              <button type="button" className="primary" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                {text('approve')}
              </button>
              <button type="button" className="danger" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
                {text('reject')}
              </button>
            </div>
            <FormError error={decide.error} />
          </div>
        ) : (
          <>
            <span className={`ap-state ${r.status}`}>{text(r.status)}</span>
            {r.decision_note ? <div className="help">“{r.decision_note}”</div> : null}
          </>
        )}
      </td>
    </tr>
  );
}
