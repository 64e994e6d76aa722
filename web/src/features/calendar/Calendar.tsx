import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang, useT, type Lang } from '../../lib/i18n';
import { formatTime, todayIn } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { Field, fieldErrors, FormError } from '../../shell/forms';
import { useUrlFilters } from '../../shell/url-filters';
import { DueTasks } from './CalendarTasks';
import { useCalendar, useCalendarWritten } from './queries';
import { EntryActions } from './EntryActions';
import { TaskLinks, useTaskText } from '../tasks';
import { useDueTasks } from '../tasks/queries';
import '../../shell/screens.css';

type Entry = Schemas['CalendarEntry'];

/** Calendar-day arithmetic on `YYYY-MM-DD` (UTC dates: no time zone moves a day). */
const DAY = 86_400_000;
const ms = (d: string) => Date.parse(`${d.slice(0, 10)}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
export const addDays = (d: string, n: number) => iso(ms(d) + n * DAY);
/** The Monday of the week of d. */
export const mondayOf = (d: string) => addDays(d, -((new Date(ms(d)).getUTCDay() + 6) % 7));
const validDate = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(ms(d));

function dayLabel(lang: Lang, d: string, long = false): string {
  return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { weekday: long ? 'long' : 'short', day: 'numeric', month: 'short', ...(long ? { year: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(ms(d)));
}

/** The days an entry covers (an end at midnight does not reach into that day). */
function coversDay(e: Entry, day: string): boolean {
  const startDay = e.start.slice(0, 10);
  let endDay = e.end.slice(0, 10);
  if (endDay > startDay && e.end.slice(11) === '00:00:00') endDay = addDays(endDay, -1);
  return startDay <= day && day <= endDay;
}

/** Day and week views of the calendar (one call per view: the entries overlapping its days), create and move. */
export default function Calendar() {
  const me = useMe();
  const lang = useLang();
  const text = useTaskText();
  const { values: f, set } = useUrlFilters(['view', 'date'] as const);
  const today = todayIn(me.timezone);
  const date = validDate(f.date) ? f.date : today;
  const week = f.view !== 'day';
  const from = week ? mondayOf(date) : date;
  const to = week ? addDays(from, 6) : date;
  const days = week ? [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(from, i)) : [date];
  const [creating, setCreating] = useState(false);

  const q = useCalendar(from, to);
  const dueTasks = useDueTasks(me.user.id, from, to);
  const step = week ? 7 : 1;
  const heading = week ? text('weekOf', { day: dayLabel(lang, from, true) }) : dayLabel(lang, date, true);

  return (
    <section className="co-page cal-page">
      <div className="co-head">
        <h1>{text('calendar')}</h1>
        {!creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {text('newEntry')}
          </button>
        )}
      </div>
      {creating && <EntryForm day={date} onDone={() => setCreating(false)} />}
      <div className="co-filters cal-bar">
        <div className="tk-tabs" role="group" aria-label={text('viewMode')}>
          <button type="button" aria-pressed={!week} onClick={() => set({ view: 'day' })}>
            {text('day')}
          </button>
          <button type="button" aria-pressed={week} onClick={() => set({ view: '' })}>
            {text('week')}
          </button>
        </div>
        <div className="co-actions">
          <button type="button" onClick={() => set({ date: addDays(date, -step) })}>
            <span aria-hidden="true">‹ </span>
            {text('previous')}
          </button>
          <button type="button" onClick={() => set({ date: '' })}>
            {text('today')}
          </button>
          <button type="button" onClick={() => set({ date: addDays(date, step) })}>
            {text('next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
        <label>
          {text('date')}
          <input type="date" value={date} onChange={(e) => validDate(e.target.value) && set({ date: e.target.value })} />
        </label>
      </div>
      <h2 className="cal-range" aria-live="polite">
        {heading}
      </h2>
      <Loaded q={q}>
        {(items) => (
          <div className={week ? 'cal-week' : 'cal-day'}>
            {days.map((d) => {
              const list = items.filter((e) => coversDay(e, d));
              const due = dueTasks.filter((x) => x.due_date === d);
              return (
                <section key={d} className={d === today ? 'cal-col today' : 'cal-col'} aria-label={text('entriesOf', { day: dayLabel(lang, d, true) })}>
                  <h3>
                    {week ? (
                      <button type="button" className="link" onClick={() => set({ view: 'day', date: d })}>
                        {dayLabel(lang, d)}
                      </button>
                    ) : (
                      dayLabel(lang, d)
                    )}
                  </h3>
                  <DueTasks due={due} />
                  {list.length === 0 ? (
                    due.length ? null : <p className="help">{text('noEntries')}</p>
                  ) : (
                    <ul className="cal-list">
                      {list.map((e) => (
                        <EntryItem key={e.id} entry={e} />
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
        )}
      </Loaded>
    </section>
  );
}

function EntryItem({ entry: e }: { entry: Entry }) {
  const text = useTaskText();
  const [moving, setMoving] = useState(false);
  return (
    <li className="cal-entry">
      <p className="cal-time">
        {formatTime(e.start)}–{formatTime(e.end)}
      </p>
      <p className="cal-title">{e.title}</p>
      {e.location ? <p className="help">{e.location}</p> : null}
      {e.customer_id || e.opp_id ? (
        <p>
          <TaskLinks task={e} />
        </p>
      ) : null}
      {e.can_edit && !moving ? (
        <button type="button" className="cal-move" onClick={() => setMoving(true)} aria-label={text('moveEntry', { title: e.title })}>
          {text('move')}
        </button>
      ) : null}
      {moving ? <MoveForm entry={e} onDone={() => setMoving(false)} /> : <EntryActions entry={e} />}
    </li>
  );
}

const secondsOf = (ts: string) => {
  const [h, m, s] = ts.slice(11, 19).split(':').map(Number);
  return h * 3600 + m * 60 + (s || 0);
};
/** A local timestamp `YYYY-MM-DDTHH:mm:ss` from a day and seconds after its midnight (may pass midnight). */
function stamp(day: string, seconds: number): string {
  const d = addDays(day, Math.floor(seconds / 86400));
  const s = ((seconds % 86400) + 86400) % 86400;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d}T${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** Move an entry to another day and start time; it keeps its length. */
function MoveForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const t = useT();
  const text = useTaskText();
  const written = useCalendarWritten();
  const [day, setDay] = useState(entry.start.slice(0, 10));
  const [time, setTime] = useState(entry.start.slice(11, 16));
  const length = (ms(entry.end) - ms(entry.start)) / 1000 + secondsOf(entry.end) - secondsOf(entry.start);
  const move = useMutation({
    mutationFn: async () => {
      const start = `${day}T${time}:00`;
      const end = stamp(day, secondsOf(start) + length);
      return must(await api.PATCH('/api/v1/calendar/{id}', { params: { path: { id: entry.id } }, body: { start, end } })).entry;
    },
    onSuccess: async () => {
      await written();
      onDone();
    },
  });
  const errors = fieldErrors(move.error);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    move.mutate();
  };
  return (
    <form className="cal-move-form" onSubmit={submit} aria-label={text('moveEntry', { title: entry.title })}>
      <Field label={text('date')} error={errors.start}>
        {(p) => <input {...p} type="date" value={day} onChange={(e) => setDay(e.target.value)} autoFocus required />}
      </Field>
      <Field label={text('start')}>{(p) => <input {...p} type="time" value={time} onChange={(e) => setTime(e.target.value)} required />}</Field>
      <FormError error={move.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={move.isPending || !validDate(day) || !/^\d{2}:\d{2}$/.test(time)}>
          {text('move')}
        </button>
        <button type="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A new entry on a day, from a start to an end time; a company or opportunity from the address links it. */
function EntryForm({ day: initialDay, onDone }: { day: string; onDone: () => void }) {
  const t = useT();
  const text = useTaskText();
  const written = useCalendarWritten();
  const { values: link } = useUrlFilters(['customer_id', 'opp_id'] as const);
  const [v, setV] = useState({ title: '', day: initialDay, start: '09:00', end: '10:00', location: '', note: '' });
  const endBeforeStart = v.end <= v.start;
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        title: v.title,
        start: `${v.day}T${v.start}:00`,
        end: `${v.day}T${v.end}:00`,
        location: v.location.trim() || null,
        note: v.note.trim() || null,
        customer_id: Number(link.customer_id) || null,
        opp_id: Number(link.opp_id) || null,
      };
      return must(await api.POST('/api/v1/calendar', { body })).entry;
    },
    onSuccess: async () => {
      await written();
      onDone();
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!endBeforeStart) save.mutate();
  };
  const input = (name: 'title' | 'location', label: string, required = false) => (
    <Field label={label} error={errors[name]} required={required}>
      {(p) => <input {...p} value={v[name]} maxLength={300} onChange={(e) => setV({ ...v, [name]: e.target.value })} />}
    </Field>
  );
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={text('newEntry')}>
      <h2>{text('newEntry')}</h2>
      <div className="co-grid">
        {input('title', text('title'), true)}
        <Field label={text('date')} error={errors.start}>
          {(p) => <input {...p} type="date" value={v.day} onChange={(e) => setV({ ...v, day: e.target.value })} />}
        </Field>
        <Field label={text('start')}>{(p) => <input {...p} type="time" value={v.start} onChange={(e) => setV({ ...v, start: e.target.value })} />}</Field>
        <Field label={text('end')} error={endBeforeStart ? text('endAfterStart') : errors.end}>
          {(p) => <input {...p} type="time" value={v.end} onChange={(e) => setV({ ...v, end: e.target.value })} />}
        </Field>
        {input('location', text('location'))}
      </div>
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={2} value={v.note} onChange={(e) => setV({ ...v, note: e.target.value })} />}
      </Field>
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending || endBeforeStart}>
          {t('common.create')}
        </button>
        <button type="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
