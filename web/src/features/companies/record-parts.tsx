import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useLabels } from '../../lib/labels';
import { Fields } from '../../shell/RecordView';
import { PhoneLink, WebLink } from '../../shell/Contact';
import { orderName } from '../orders';
import { useCompanyText } from './companies.text';
import { TEXT_FIELDS } from './company.fields';
import { textFieldRows } from '../../shell/text-fields';
import { useMe } from '../../lib/session';

type Read = Schemas['CompanyReadResponse'];
type Company = Read['company'];

/** The company's own fields, under its header. */
export function CompanyFields({ c }: { c: Company }) {
  const t = useT();
  const me = useMe();
  const lang = useLang();
  const text = useCompanyText();
  return (
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
        [text('potential'), c.potential_kg ? `${formatNumber(lang, c.potential_kg, 2)} ${c.unit || me.app.unit_default}` : ''],
        [text('currency'), c.currency],
        ...textFieldRows(TEXT_FIELDS, c, lang),
        [text('lastVisit'), c.visit_state === 'never' ? text('never') : formatDate(lang, c.last_visit)],
        [text('nextVisit'), formatDate(lang, c.next_visit_due)],
        [text('note'), c.note],
      ]}
    />
  );
}

/** The first page of each list the record read with the company (people, open opportunities, activities, open tasks), and its orders. */
export function CompanyLists({ data: { company: c, people, opportunities, activities, tasks } }: { data: Read }) {
  const lang = useLang();
  const labelOf = useLabels();
  const text = useCompanyText();
  return (
    <>
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
    </>
  );
}

export function Section({ title, count, more, children }: { title: string; count?: number; more?: boolean; children: ReactNode }) {
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
