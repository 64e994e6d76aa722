import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '../../lib/api';
import { daysBetween, formatDate, formatNumber, formatTime } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { MODULES, useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { useTodayText } from './today.text';
import { AskBox } from '../ask';
import { useToday } from './queries';
import './today.css';

type Day = Schemas['TodayResponse'];
type Text = ReturnType<typeof useTodayText>;
type TabKey = 'mine' | 'team' | 'recent';
const TABS: TabKey[] = ['mine', 'team', 'recent'];

/**
 * Today (spec 4.2): the companies, people and leads cards (mine / team / recently opened, with counts),
 * today's meetings and actions, what is overdue and the weekly targets, from one call of GET /api/v1/today.
 * A part whose module is off is absent (the API answers it empty).
 */
export default function Today() {
  const q = useToday();
  return (
    <div className="today">
      <Loaded q={q}>{(day) => <Day day={day} />}</Loaded>
    </div>
  );
}

function Day({ day }: { day: Day }) {
  const me = useMe();
  const t = useTodayText();
  const lang = useLang();
  const modules = me.user.modules ?? [];
  const customers = modules.includes(MODULES.customers);
  const leads = modules.includes(MODULES.leads);
  const activities = modules.includes(MODULES.activities);
  const c = day.cards;

  return (
    <>
      <header className="today-head">
        <h1>
          {t('title')} <span className="today-date">{formatDate(lang, day.date)}</span>
        </h1>
        {activities && customers ? (
          <Link className="button primary today-log" to="/activities/new">
            {t('logVisit')}
          </Link>
        ) : null}
        {activities ? <Targets day={day} /> : null}
      </header>

      <AskBox />

      {customers || leads ? (
        <div className="today-cards">
          {customers ? (
            <Card title={t('customers')} card={c.customers} all={{ to: '/companies', label: t('allCompanies') }} render={(i) => <CompanyItem c={i} />} />
          ) : null}
          {customers ? (
            <Card title={t('contacts')} card={c.contacts} all={{ to: '/people', label: t('allPeople') }} render={(i) => <PersonItem p={i} />} />
          ) : null}
          {leads ? <Card title={t('leads')} card={c.leads} render={(i) => <LeadItem l={i} />} /> : null}
        </div>
      ) : null}

      {activities ? (
        <div className="today-lists">
          <section className="card" aria-labelledby="today-meetings">
            <h2 id="today-meetings">{t('meetings')}</h2>
            {day.meetings.length === 0 ? (
              <p className="today-empty">{t('noMeetings')}</p>
            ) : (
              <ul className="today-items">
                {day.meetings.map((m) => (
                  <li key={m.id}>
                    <span className="today-time">
                      {formatTime(m.start)}–{formatTime(m.end)}
                    </span>{' '}
                    {m.customer_id ? <Link to={`/companies/${m.customer_id}`}>{m.title}</Link> : <strong>{m.title}</strong>}
                    {m.location ? <span className="today-sub">{m.location}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card" aria-labelledby="today-actions">
            <h2 id="today-actions">{t('actions')}</h2>
            {day.actions.length === 0 ? <p className="today-empty">{t('noActions')}</p> : <TaskList tasks={day.actions} t={t} />}
          </section>
          <section className="card" aria-labelledby="today-overdue">
            <h2 id="today-overdue">{t('overdue')}</h2>
            {day.overdue.tasks.length === 0 && day.overdue.visits.length === 0 ? <p className="today-empty">{t('noOverdue')}</p> : null}
            {day.overdue.tasks.length > 0 ? (
              <>
                <h3>{t('overdueTasks')}</h3>
                <TaskList tasks={day.overdue.tasks} t={t} today={day.date} />
              </>
            ) : null}
            {customers && day.overdue.visits.length > 0 ? (
              <>
                <h3>{t('overdueVisits')}</h3>
                <ul className="today-items">
                  {day.overdue.visits.map((v) => (
                    <li key={v.id}>
                      <Link to={`/companies/${v.id}`}>{v.name}</Link>
                      <span className="today-sub late">{t('visitOverdue', { n: v.visit_overdue_days })}</span>
                      <Link className="today-log-at" to={`/activities/new?customer_id=${v.id}`} aria-label={t('logVisitAt', { name: v.name })}>
                        {t('logVisit')}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>
      ) : null}
    </>
  );
}

/** The weekly visit and task targets as two progress bars. */
function Targets({ day }: { day: Day }) {
  const t = useTodayText();
  const lang = useLang();
  const rows: [string, { target: number; done: number }][] = [
    [t('visits'), day.targets.visits],
    [t('tasks'), day.targets.tasks],
  ];
  return (
    <section className="today-targets" aria-labelledby="today-week">
      <h2 id="today-week">
        {t('week')} <span className="today-sub">{t('weekFrom', { date: formatDate(lang, day.targets.week_start) })}</span>
      </h2>
      <dl>
        {rows.map(([label, r]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <progress max={Math.max(r.target, 1)} value={Math.min(r.done, Math.max(r.target, 1))} aria-label={label} />
              <span>{t('ofTarget', { done: formatNumber(lang, r.done), target: formatNumber(lang, r.target) })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface CardData<T> {
  mine: T[];
  team: T[];
  recent: T[];
  n: { mine: number; team: number; recent: number };
}

/** A card with the tabs mine / team / recently opened (arrow keys move between tabs, as WAI-ARIA tabs do). */
function Card<T extends { id: number }>({ title, card, all, render }: { title: string; card: CardData<T>; all?: { to: string; label: string }; render: (item: T) => ReactNode }) {
  const t = useTodayText();
  const lang = useLang();
  const [tab, setTab] = useState<TabKey>('mine');
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const items = card[tab];
  const n = card.n[tab];

  function onKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const to = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (to < 0) return;
    e.preventDefault();
    setTab(TABS[to]!);
    tabs.current[to]?.focus();
  }

  return (
    <section className="card today-card" aria-labelledby={`${base}-h`}>
      <h2 id={`${base}-h`}>{title}</h2>
      <div role="tablist" aria-label={title} className="today-tabs">
        {TABS.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${k}`}
            aria-selected={tab === k}
            aria-controls={`${base}-panel`}
            tabIndex={tab === k ? 0 : -1}
            onClick={() => setTab(k)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t(k)} <span className="today-count">{formatNumber(lang, card.n[k])}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${tab}`} tabIndex={0} className="today-panel">
        {items.length === 0 ? (
          <p className="today-empty">{t('empty')}</p>
        ) : (
          <ul className="today-items">
            {items.map((i) => (
              <li key={i.id}>{render(i)}</li>
            ))}
          </ul>
        )}
        {items.length > 0 && n > items.length ? (
          <p className="today-more">
            {t('showing', { shown: formatNumber(lang, items.length), n: formatNumber(lang, n) })}
            {all ? (
              <>
                {' · '}
                <Link to={all.to}>{all.label}</Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function CompanyItem({ c }: { c: Schemas['CustomerCard'] }) {
  const t = useTodayText();
  const lang = useLang();
  const labelOf = useLabels();
  const visit =
    c.visit_state === 'never'
      ? t('visitNever')
      : c.visit_state === 'overdue'
        ? t('visitOverdue', { n: c.visit_overdue_days })
        : c.visit_state === 'due_soon'
          ? t('visitDueSoon', { date: formatDate(lang, c.next_visit_due) })
          : t('visitOk', { date: formatDate(lang, c.last_visit) });
  return (
    <>
      <Link to={`/companies/${c.id}`}>{c.name}</Link>
      <span className="today-sub">{[c.city, labelOf('customer_statuses', c.status)].filter(Boolean).join(' · ')}</span>
      <span className={c.visit_state === 'overdue' ? 'today-sub late' : 'today-sub'}>
        {visit}
        {c.open_opps > 0 ? ` · ${t('openOpps', { n: formatNumber(lang, c.open_opps) })}` : ''}
      </span>
    </>
  );
}

function PersonItem({ p }: { p: Schemas['ContactCard'] }) {
  const t = useTodayText();
  return (
    <>
      <Link to={`/people/${p.id}`}>{p.name}</Link>
      <span className="today-sub">
        {[p.title, p.customer, p.is_main ? t('main') : '', p.is_former ? t('former') : ''].filter(Boolean).join(' · ')}
      </span>
    </>
  );
}

function LeadItem({ l }: { l: Schemas['Lead'] }) {
  const t = useTodayText();
  const lang = useLang();
  const labelOf = useLabels();
  const next = [labelOf('lead_next_actions', l.next_action), formatDate(lang, l.next_date)].filter(Boolean).join(' ');
  return (
    <>
      <Link to={`/leads/${l.id}`}>{l.company || l.contact_name}</Link>
      <span className="today-sub">{[l.company ? l.contact_label : '', labelOf('lead_statuses', l.status_eff)].filter(Boolean).join(' · ')}</span>
      {next ? <span className="today-sub">{t('next', { what: next })}</span> : null}
    </>
  );
}

function TaskList({ tasks, t, today }: { tasks: Schemas['TodayTask'][]; t: Text; today?: string }) {
  const lang = useLang();
  const labelOf = useLabels();
  return (
    <ul className="today-items">
      {tasks.map((k) => (
        <li key={k.id}>
          <Link to={`/tasks/${k.id}`}>{k.title}</Link>
          <span className={k.overdue ? 'today-sub late' : 'today-sub'}>
            {[labelOf('task_priorities', k.priority), k.due_date ? t('due', { date: formatDate(lang, k.due_date) }) : '', k.overdue && today && k.due_date ? t('daysLate', { n: daysBetween(k.due_date, today) }) : '']
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

