import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { Fields, RecordHeader, RecordLink } from '../../shell/RecordView';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber, formatTimestamp } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { LeadForm } from './LeadForm';
import { ConvertDialog } from './ConvertDialog';
import { useFairs, useLead, useLeadsWritten } from './queries';
import { useLeadText } from './leads.text';
import '../../shell/screens.css';
import { PhoneLink, WebLink } from '../../shell/Contact';
import { productNames } from '../../lib/names';
import './leads.css';
import { RecordWorkflows } from '../workflows';

type Lead = Schemas['Lead'];

/** A lead (spec 2.5): its fields, the status (PATCH `status` only), the whole form's edit (PATCH with `company`) and the convert dialog. */
export default function LeadRecord() {
  const id = Number(useParams().id);
  const q = useLead(id);
  return <Loaded q={q}>{(r) => <LeadView lead={r} />}</Loaded>;
}

function LeadView({ lead: r }: { lead: Lead }) {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const lang = useLang();
  const text = useLeadText();
  const written = useLeadsWritten();
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const fairs = useFairs();
  const saved = (l: Lead) => written(l);
  const status = useMutation({
    mutationFn: async (s: string) => must(await api.PATCH('/api/v1/leads/{id}', { params: { path: { id: r.id } }, body: { status: s } })).lead,
    onSuccess: saved,
  });
  const converted = !!r.link_customer_id;

  return (
    <article className="ld-page">
      <RecordHeader kind={text('lead')} rid={r.rid} title={r.company || r.contact_name}>
        <p className="co-badges">
          <span className="co-badge">{labelOf('lead_statuses', r.status_eff)}</span>
          {r.fair ? <span className="co-badge">{r.fair}</span> : null}
          {r.converted_at ? <span className="co-badge">{text('converted', { when: formatTimestamp(lang, r.converted_at) })}</span> : null}
        </p>
      </RecordHeader>
      {r.can_edit ? (
        <div className="co-actions co-toolbar">
          <label className="ld-status">
            {text('changeStatus')}
            <select value={r.status} disabled={status.isPending} onChange={(e) => status.mutate(e.target.value)}>
              {[...new Set([...me.constants.lead_statuses, r.status])].map((s) => (
                <option key={s} value={s}>
                  {labelOf('lead_statuses', s)}
                </option>
              ))}
            </select>
          </label>
          {!editing ? (
            <button type="button" onClick={() => setEditing(true)}>
              {t('common.edit')}
            </button>
          ) : null}
          {converted ? null : (
            <button type="button" className="primary" onClick={() => setConverting(true)}>
              {text('convert')}
            </button>
          )}
          <span role="status" className="help">
            {status.isSuccess ? text('statusSaved') : ''}
          </span>
          {status.error ? (
            <p className="error" role="alert">
              {status.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <LeadForm
          lead={r}
          fairs={fairs.data ?? []}
          onSaved={(l) => {
            saved(l);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {converting ? <ConvertDialog lead={r} onClose={() => setConverting(false)} /> : null}
      <Fields
        items={[
          [text('contact'), r.contact_label],
          [text('phone'), r.phone ? <PhoneLink key="ph" phone={r.phone} /> : ''],
          [text('wa'), r.wa ? <PhoneLink key="wa" phone={r.wa} /> : ''],
          [text('email'), r.email ? <a href={`mailto:${r.email}`}>{r.email}</a> : ''],
          [text('website'), r.website ? <WebLink key="web" site={r.website} /> : ''],
          [text('city'), r.city],
          [text('sector'), r.sector],
          [text('supplier'), r.supplier],
          [text('interest'), labelOf('lead_interest', r.interest)],
          [text('products'), productNames(r.products, me.products)],
          [text('productsText'), r.products_text],
          [text('line'), r.line],
          [text('nextAction'), [labelOf('lead_next_actions', r.next_action), formatDate(lang, r.next_date)].filter(Boolean).join(' · ')],
          [text('timing'), labelOf('lead_timings', r.timing)],
          [text('visitorType'), labelOf('lead_visitor_types', r.visitor_type)],
          [text('potential'), r.potential_kg !== null ? `${formatNumber(lang, r.potential_kg, 2)} ${r.unit}`.trim() : ''],
          [text('oppType'), labelOf('opp_types', r.opp_type)],
          [text('note'), r.note],
          [text('projectNote'), r.project_note],
          [t('common.owner'), r.owner?.full_name],
          [text('created'), formatTimestamp(lang, r.created_at)],
        ]}
      />
      {r.people.length ? (
        <section className="co-section" aria-labelledby="lead-people">
          <h2 id="lead-people">{text('people')}</h2>
          <ul className="co-list">
            {r.people.map((p, i) => (
              <li key={i}>
                <strong>
                  <RecordLink kind="people" id={p.cid}>
                    {p.name}
                  </RecordLink>
                </strong>
                <span>{p.title}</span>
                <span><PhoneLink phone={p.phone} /></span>
                <span>{p.email}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {converted || r.opp_id || r.task_id || r.customer_id ? (
        <section className="co-section" aria-labelledby="lead-links">
          <h2 id="lead-links">{text('links')}</h2>
          <Fields
            items={[
              [text('company'), r.link_customer_id || r.customer_id ? <RecordLink kind="companies" id={r.link_customer_id ?? r.customer_id}>{r.link_customer || r.company}</RecordLink> : ''],
              [text('opportunity'), r.opp_id ? <RecordLink kind="opportunities" id={r.opp_id}>{text('viewOpp')}</RecordLink> : ''],
              [text('task'), r.task_id ? <Link to={`/tasks/${r.task_id}`}>{labelOf('lead_next_actions', r.next_action) || text('task')}</Link> : ''],
            ]}
          />
        </section>
      ) : null}
      <RecordWorkflows kind="lead" id={r.id} />
    </article>
  );
}
