import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, must } from '../../lib/api';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useLang } from '../../lib/i18n';
import { formatDate, formatMoney, formatTimestamp } from '../../lib/format';
import { stageLabel, type Opp } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { LinkedRecordsSections } from '../objects';
import { orderName } from '../orders';
import { ChangeError, type Change } from './change';

type Step = Opp['steps'][number];

export function Steps({ o, change, onSaved }: { o: Opp; change: Change; onSaved: (s: string) => void }) {
  const c = useMe().constants;
  const labelOf = useLabels();
  const text = useOppText();
  const toggle = (s: Step, body: { done?: boolean; note?: string }) =>
    change.run(`step-${s.id}`, async () => must(await api.POST('/api/v1/steps/{id}/toggle', { params: { path: { id: s.id } }, body })).opp);
  const stages = [...new Set(o.steps.map((s) => s.stage))];
  return (
    <section aria-labelledby="steps-h" className="panel steps">
      <h2 id="steps-h">{text('steps')}</h2>
      {o.steps.length === 0 && <p className="muted">{text('nothing')}</p>}
      {stages.map((stage) => (
        <fieldset key={stage}>
          <legend>{stageLabel(c, stage)}</legend>
          <ul>
            {o.steps
              .filter((s) => s.stage === stage)
              .map((s) => (
                <li key={s.id}>
                  <label className="check">
                    <input type="checkbox" checked={s.done} disabled={!o.can_edit || change.busy === `step-${s.id}`} onChange={(e) => void toggle(s, { done: e.target.checked })} />
                    <span>
                      {labelOf('stage_steps', s.title)}
                      {s.auto && <span className="muted"> ({text('auto')})</span>}
                    </span>
                  </label>
                  {s.note && !o.can_edit && <p className="step-note">{s.note}</p>}
                  {o.can_edit && <StepNote step={s} onSave={async (note) => (await toggle(s, { done: s.done, note })) && onSaved(text('saved'))} />}
                  {change.error?.where === `step-${s.id}` && <ChangeError error={change.error} />}
                </li>
              ))}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}

function StepNote({ step, onSave }: { step: Step; onSave: (note: string) => Promise<unknown> }) {
  const text = useOppText();
  const labelOf = useLabels();
  const [note, setNote] = useState(step.note);
  return (
    <details className="step-note" open={!!step.note || undefined}>
      <summary>{text('stepNote')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(note);
        }}
      >
        <label>
          <span className="sr-only">{text('stepNoteFor', { title: labelOf('stage_steps', step.title) })}</span>
          <input value={note} maxLength={250} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" className="small">
          {text('saveNote')}
        </button>
      </form>
    </details>
  );
}

const BANT = [
  ['bant_b', 'bantB'],
  ['bant_a', 'bantA'],
  ['bant_n', 'bantN'],
  ['bant_t', 'bantT'],
] as const;

export function Bant({ o, change }: { o: Opp; change: Change }) {
  const text = useOppText();
  return (
    <fieldset className="bant">
      <legend className="sr-only">{text('bant')}</legend>
      {BANT.map(([field, label]) => (
        <label key={field} className="check">
          <input
            type="checkbox"
            checked={o[field]}
            disabled={!o.can_edit || !!change.busy}
            onChange={(e) => void change.run('bant', async () => must(await api.PATCH('/api/v1/opportunities/{id}', { params: { path: { id: o.id } }, body: { [field]: e.target.checked } })).opp)}
          />
          {text(label)}
        </label>
      ))}
      {change.error?.where === 'bant' && <ChangeError error={change.error} />}
    </fieldset>
  );
}

export function Notes({ o, change }: { o: Opp; change: Change }) {
  const text = useOppText();
  const lang = useLang();
  const [body, setBody] = useState('');
  async function add(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return;
    const r = await change.run('note', async () => must(await api.POST('/api/v1/opportunities/{id}/notes', { params: { path: { id: o.id } }, body: { body } })).opp);
    if (r) setBody('');
  }
  return (
    <section aria-labelledby="notes-h">
      <h2 id="notes-h">{text('notes')}</h2>
      {o.can_edit && (
        <form className="note-form" onSubmit={add}>
          <label>
            {text('addNote')}
            <textarea value={body} maxLength={5000} rows={2} onChange={(e) => setBody(e.target.value)} />
          </label>
          <button type="submit" disabled={change.busy === 'note' || !body.trim()}>
            {text('noteSave')}
          </button>
          {change.error?.where === 'note' && <ChangeError error={change.error} />}
        </form>
      )}
      {o.notes.length === 0 ? (
        <p className="muted">{text('nothing')}</p>
      ) : (
        <ul className="notes">
          {o.notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="muted">
                {n.user} · {formatTimestamp(lang, n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Logs({ o }: { o: Opp }) {
  const c = useMe().constants;
  const text = useOppText();
  const lang = useLang();
  return (
    <section aria-labelledby="logs-h">
      <h2 id="logs-h">{text('logs')}</h2>
      {/* a table that scrolls sideways on a phone is reached by keyboard (axe scrollable-region-focusable) */}
      <div className="table-wrap" tabIndex={0} role="group" aria-labelledby="logs-h">
        <table>
          <thead>
            <tr>
              <th scope="col">{text('date')}</th>
              <th scope="col">{text('from')}</th>
              <th scope="col">{text('to')}</th>
              <th scope="col">{text('user')}</th>
              <th scope="col">{text('note')}</th>
            </tr>
          </thead>
          <tbody>
            {o.logs.map((l, i) => (
              <tr key={`${l.date}-${i}`}>
                <td>{formatTimestamp(lang, l.date)}</td>
                <td>{stageLabel(c, l.from)}</td>
                <td>{stageLabel(c, l.to)}</td>
                <td>{l.user}</td>
                <td>{l.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Tasks, activities, orders and custom records: shown when there are any. */
export function Related({ o }: { o: Opp }) {
  const text = useOppText();
  const lang = useLang();
  const labelOf = useLabels();
  return (
    <>
      <section aria-labelledby="tasks-h">
        <h2 id="tasks-h">{text('tasks')}</h2>
        {o.tasks.length === 0 ? (
          <p className="muted">{text('nothing')}</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="group" aria-labelledby="tasks-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">{text('title')}</th>
                  <th scope="col">{text('due')}</th>
                  <th scope="col">{text('priority')}</th>
                  <th scope="col">{text('status')}</th>
                  <th scope="col">{text('owner')}</th>
                </tr>
              </thead>
              <tbody>
                {o.tasks.map((t) => (
                  <tr key={t.id}>
                    <td>
                      <Link to={`/tasks/${t.id}`}>{t.title}</Link>
                    </td>
                    <td>{formatDate(lang, t.due_date)}</td>
                    <td>{labelOf('task_priorities', t.priority)}</td>
                    <td>{labelOf('task_statuses', t.status)}</td>
                    <td>{t.assignee?.full_name ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {o.visits.length > 0 && (
        <section aria-labelledby="visits-h">
          <h2 id="visits-h">{text('visits')}</h2>
          <ul className="plain">
            {o.visits.map((v) => (
              <li key={v.id}>
                <Link to={`/activities/${v.id}`}>
                  {[formatDate(lang, v.date), labelOf('visit_types', v.type), labelOf('visit_topics', v.topic)].filter(Boolean).join(' · ')}
                </Link>
                {v.note ? ` — ${v.note}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {o.orders.length > 0 && (
        <section aria-labelledby="orders-h">
          <h2 id="orders-h">{text('orders')}</h2>
          <div className="table-wrap" tabIndex={0} role="group" aria-labelledby="orders-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">{text('order')}</th>
                  <th scope="col">{text('date')}</th>
                  <th scope="col">{text('po')}</th>
                  <th scope="col">{text('product')}</th>
                  <th scope="col" className="num">
                    {text('amount')}
                  </th>
                  <th scope="col">{text('status')}</th>
                </tr>
              </thead>
              <tbody>
                {o.orders.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/orders/${r.id}`}>{orderName(r, false)}</Link>
                    </td>
                    <td>{formatDate(lang, r.date)}</td>
                    <td>{r.customer_po}</td>
                    <td>{r.product}</td>
                    <td className="num">{formatMoney(lang, r.amount, r.currency)}</td>
                    <td>{labelOf('order_statuses', r.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <LinkedRecordsSections kind="opportunity" id={o.id} name={o.name} groups={o.objects} />
    </>
  );
}
