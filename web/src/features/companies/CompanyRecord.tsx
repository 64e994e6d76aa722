import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatNumber, formatTimestamp } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { MODULES, useModule } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { Fields, RecordHeader } from '../../shell/RecordView';
import { useCompanyText } from './companies.text';
import { CompanyForm } from './CompanyForm';
import { PersonForm } from '../people';
import { ArchiveButton, FormError } from '../../shell/forms';
import { LinkedRecordsSections } from '../objects';
import { AskBox } from '../ask';
import { CompanyThreads } from '../mail';
import { OppForm, useOppText } from '../opportunities';
import { CompanyFields, CompanyLists, Section } from './record-parts';
import { companyKeys, useCompaniesWritten, useCompanyRecord } from './queries';
import '../../shell/screens.css';
import { RecordWorkflows } from '../workflows';

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
  const q = useCompanyRecord(id);
  const written = useCompaniesWritten();
  const refresh = () => written(id);
  const archive = useMutation({ mutationFn: async () => must(await api.DELETE('/api/v1/companies/{id}', { params: { path: { id } } })), onSuccess: refresh });
  const restore = useMutation({ mutationFn: async () => must(await api.PATCH('/api/v1/companies/{id}', { params: { path: { id } }, body: { active: true } })), onSuccess: refresh });

  return (
    <Loaded q={q}>
      {(data) => {
        const c = data.company;
        return (
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
                  qc.setQueryData(companyKeys.record(id), { ...q.data, company: saved });
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

            <CompanyFields c={c} />

            {mode === 'view' ? <AskBox customerId={c.id} about={c.name} /> : null}

            <CompanyLists data={data} />

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
            <RecordWorkflows kind="company" id={c.id} />
          </article>
        );
      }}
    </Loaded>
  );
}
