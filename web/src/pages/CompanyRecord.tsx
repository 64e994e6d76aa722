import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { useLang, useT } from '../lib/i18n';
import { formatDate, formatMoney, formatNumber, formatTimestamp } from '../lib/format';
import { useLabels } from '../lib/labels';
import { MODULES, useModule } from '../lib/session';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader } from '../shell/RecordView';
import { useCompanyText } from './companies/companies.text';
import { CompanyForm } from './companies/CompanyForm';
import { PersonForm } from './companies/PersonForm';
import { ArchiveButton, FormError } from '../shell/forms';
import { LinkedRecordsSections } from './objects/LinkedRecords';
import { AskBox } from './ask/AskBox';
import { CompanyThreads } from './mail/Threads';
import { OppForm } from './opportunities/OppForm';
import { useOppText } from './opportunity.text';
import { orderName } from './orders/name';
import { PhoneLink, WebLink } from '../shell/Contact';
import '../shell/screens.css';

/**
 * The company record in one call: the company with its orders and custom records, and (`include`) the first
 * page of its people, open opportunities, activities and open tasks; the object definitions are the second
 * (cached) call, for a section and "New" per object related to companies.
 */
export default function CompanyRecord() {
  const id = Number(useParams().id);
  const t = useT();
  const lang = useLang();
  const labelOf = useLabels();
  const text = useCompanyText();
  const orders = useModule(MODULES.orders);
  const visits = useModule(MODULES.activities);
  const email = useModule(MODULES.email);
  const qc = useQueryClient();
  const oppText = useOppText();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'view' | 'edit' | 'person' | 'opp'>('view');
  const key = ['company', id, 'record'];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => must(await api.GET('/api/v1/companies/{id}', { params: { path: { id }, query: { include: 'people,opportunities,activities,tasks' } } })),
    enabled: Number.isSafeInteger(id),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['company', id] });
    void qc.invalidateQueries({ queryKey: ['companies'] });
  };
  const archive = useMutation({ mutationFn: async () => must(await api.DELETE('/api/v1/companies/{id}', { params: { path: { id } } })), onSuccess: refresh });
  const restore = useMutation({ mutationFn: async () => must(await api.PATCH('/api/v1/companies/{id}', { params: { path: { id } }, body: { active: true } })), onSuccess: refresh });

  return (
    <Loaded q={q}>
      {({ company: c, people, opportunities, activities, tasks }) => (
        <article className="co-record">
          <RecordHeader kind={text('company')} rid={c.rid} title={c.name}>
            <p className="co-badges">
              <span className="co-badge">{labelOf('customer_statuses', c.status)}</span>
              {!c.active ? <span className="co-badge warn">{text('archivedBadge')}</span> : null}
              {c.at_risk ? <span className="co-badge warn">{text('atRisk')}</span> : null}
              {c.visit_overdue_days > 0 ? <span className="co-badge warn">{text('visitOverdue', { n: c.visit_overdue_days })}</span> : null}
            </p>
          </RecordHeader>
          {c.active && visits && mode === 'view' ? (
            <p className="co-actions">
              <Link className="button primary" to={`/activities/new?customer_id=${c.id}`}>
                {text('logVisit')}
              </Link>
            </p>
          ) : null}
          {mode === 'view' && (c.can_edit || email) ? (
            <div className="co-actions co-toolbar">
              {c.can_edit ? (
                <>
                  <button type="button" onClick={() => setMode('edit')}>
                    {t('common.edit')}
                  </button>
                  <button type="button" onClick={() => setMode('person')}>
                    {text('newPerson')}
                  </button>
                  {c.active ? (
                    <button type="button" onClick={() => setMode('opp')}>
                      {oppText('newOpp')}
                    </button>
                  ) : null}
                  {orders ? <Link className="button" to={`/orders?customer_id=${c.id}&new=1`}>{text('newOrder')}</Link> : null}
                </>
              ) : null}
              {email ? <Link className="button" to={`/mail/compose?customer_id=${c.id}`}>{text('writeEmail')}</Link> : null}
              {!c.can_edit ? null : c.active ? (
                <ArchiveButton name={c.name} onArchive={() => archive.mutate()} busy={archive.isPending} />
              ) : (
                <button type="button" onClick={() => restore.mutate()} disabled={restore.isPending}>
                  {text('restore')}
                </button>
              )}
            </div>
          ) : null}
          <FormError error={archive.error ?? restore.error} />
          {mode === 'edit' ? (
            <CompanyForm
              company={c}
              onSaved={(saved) => {
                qc.setQueryData(key, { ...q.data, company: saved });
                refresh();
                setMode('view');
              }}
              onCancel={() => setMode('view')}
            />
          ) : null}
          {mode === 'opp' ? <OppForm company={{ id: c.id, name: c.name }} onSaved={(o) => void navigate(`/opportunities/${o.id}`)} onCancel={() => setMode('view')} /> : null}
          {mode === 'person' ? (
            <PersonForm
              customerId={c.id}
              customerName={c.name}
              onSaved={() => {
                refresh();
                setMode('view');
              }}
              onCancel={() => setMode('view')}
            />
          ) : null}

          <Fields
            items={[
              [t('common.owner'), c.owner?.full_name],
              [text('city'), [c.city, c.country].filter(Boolean).join(', ')],
              [text('sector'), c.sector],
              [text('phone'), c.phone ? <PhoneLink key="ph" phone={c.phone} /> : ''],
              [text('email'), c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : ''],
              [text('website'), c.website ? <WebLink key="web" site={c.website} /> : ''],
              [text('address'), c.address],
              [text('mainContact'), c.main_contact ? [c.main_contact.name, c.main_contact.phone || c.main_contact.email].filter(Boolean).join(' · ') : ''],
              [text('taxNo'), [c.tax_no, c.tax_office].filter(Boolean).join(' / ')],
              [text('lastVisit'), c.visit_state === 'never' ? text('never') : formatDate(lang, c.last_visit)],
              [text('nextVisit'), formatDate(lang, c.next_visit_due)],
              [text('note'), c.note],
            ]}
          />

          {mode === 'view' ? <AskBox customerId={c.id} about={c.name} /> : null}

          <Section title={text('peopleOf')} count={people?.items.length} more={!!people?.next_cursor}>
            {people && people.items.length > 0 ? (
              <ul className="co-list">
                {people.items.map((p) => (
                  <li key={p.id}>
                    <Link to={`/people/${p.id}`}>{p.name}</Link>
                    <span className="help">{[p.title, p.email, p.phone].filter(Boolean).join(' · ')}</span>
                    {p.is_main ? <span className="co-badge">{text('isMain')}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {people?.next_cursor ? <Link to={`/people?customer_id=${c.id}`}>{text('seeAll')}</Link> : null}
          </Section>

          {opportunities ? (
            <Section title={text('opportunities')} count={opportunities.items.length} more={!!opportunities.next_cursor}>
              {opportunities.items.length > 0 ? (
                <ul className="co-list">
                  {opportunities.items.map((o) => (
                    <li key={o.id}>
                      <Link to={`/opportunities/${o.id}`}>{o.name}</Link>
                      <span className="help">{[labelOf('stages', o.stage), formatMoney(lang, o.value, o.currency), formatDate(lang, o.close_date)].filter(Boolean).join(' · ')}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Section>
          ) : null}

          {activities ? (
            <Section title={text('activities')} count={activities.items.length} more={!!activities.next_cursor}>
              {activities.items.length > 0 ? (
                <ul className="co-list">
                  {activities.items.map((a) => (
                    <li key={a.id}>
                      <Link to={`/activities/${a.id}`}>{[formatDate(lang, a.date), labelOf('visit_types', a.type)].join(' · ')}</Link>
                      <span className="help">{[labelOf('visit_topics', a.topic), a.outcome || a.note].filter(Boolean).join(' · ')}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Section>
          ) : null}

          {tasks ? (
            <Section title={text('tasks')} count={tasks.items.length} more={!!tasks.next_cursor}>
              {tasks.items.length > 0 ? (
                <ul className="co-list">
                  {tasks.items.map((k) => (
                    <li key={k.id}>
                      <Link to={`/tasks/${k.id}`}>{k.title}</Link>
                      <span className={k.overdue ? 'error' : 'help'}>{[labelOf('task_statuses', k.status), labelOf('task_priorities', k.priority), formatDate(lang, k.due_date)].filter(Boolean).join(' · ')}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Section>
          ) : null}

          {c.orders.length > 0 ? (
            <Section title={text('orders')} count={c.orders.length}>
              <ul className="co-list">
                {c.orders.map((o) => (
                  <li key={o.id}>
                    <Link to={`/orders/${o.id}`}>{[orderName(o, false), formatDate(lang, o.date), o.product].filter(Boolean).join(' · ')}</Link>
                    <span className="help">{[formatMoney(lang, o.amount, o.currency), labelOf('order_statuses', o.status)].filter(Boolean).join(' · ')}</span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {email ? <CompanyThreads customerId={c.id} /> : null}

          <LinkedRecordsSections kind="company" id={c.id} name={c.name} groups={c.objects} />

          <Section title={text('history')}>
            <Fields
              items={[
                [text('created'), formatTimestamp(lang, c.created_at)],
                [text('updated'), formatTimestamp(lang, c.updated_at)],
                [text('lastVisit'), c.visit_state === 'never' ? text('never') : formatDate(lang, c.last_visit)],
                [text('openOpps'), formatNumber(lang, c.open_opps)],
              ]}
            />
          </Section>
        </article>
      )}
    </Loaded>
  );
}

function Section({ title, count, more, children }: { title: string; count?: number; more?: boolean; children: ReactNode }) {
  const text = useCompanyText();
  const lang = useLang();
  const empty = count === 0;
  return (
    <section className="co-section" aria-label={title}>
      <h2>
        {title}
        {count !== undefined ? <span className="co-count"> ({formatNumber(lang, count)}{more ? '+' : ''})</span> : null}
      </h2>
      {empty ? <p className="help">{text('none')}</p> : children}
    </section>
  );
}
