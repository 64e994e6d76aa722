import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { Field, fieldErrors, FormError, ValueSelect } from '../../shell/forms';
import { Fields, RecordHeader, RecordLink } from '../../shell/RecordView';
import { screenText, useLang, useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { formatDate, formatNumber, formatTimestamp } from '../../lib/format';
import './visits.css';
import { useActivity, useActivityWritten, useCompanyPeople } from './queries';

type Activity = Schemas['Activity'];

const useText = screenText(
  {
    kind: 'Activity', type: 'Type', date: 'Date', company: 'Company', opportunity: 'Opportunity', participants: 'Participants', quantity: 'Quantity', outcome: 'Outcome',
    nextAction: 'Next action', nextDate: 'Next date', task: 'Follow-up task', owner: 'Owner', note: 'Note', created: 'Created', edit: 'Edit', editVisit: 'Edit the visit',
    save: 'Save changes', saved: 'Changes saved.', none: 'None', dateMissing: 'Enter the date of the visit.', badQuantity: 'Enter the quantity as a number, such as 5000.',
    topic: 'Topic', took: 'Duration', duration: 'Duration (minutes)', minutes: '{n} min', badDuration: 'Enter the minutes as a whole number from 0 to 1440.',
  },
  {
    kind: 'Aktivite', type: 'Tür', date: 'Tarih', company: 'Firma', opportunity: 'Fırsat', participants: 'Katılımcılar', quantity: 'Miktar', outcome: 'Sonuç',
    nextAction: 'Sonraki adım', nextDate: 'Sonraki tarih', task: 'Takip görevi', owner: 'Sorumlu', note: 'Not', created: 'Oluşturulma', edit: 'Düzenle', editVisit: 'Ziyareti düzenle',
    save: 'Değişiklikleri kaydet', saved: 'Değişiklikler kaydedildi.', none: 'Yok', dateMissing: 'Ziyaretin tarihini girin.', badQuantity: 'Miktarı sayı olarak girin, örneğin 5000.',
    topic: 'Konu', took: 'Süre', duration: 'Süre (dakika)', minutes: '{n} dk', badDuration: 'Süreyi 0 ile 1440 arasında tam sayı olarak girin.',
  },
);

/** A visit, call or other activity (spec 2.11): what the rep entered, titled by type, company and date; editable with PATCH. */
export default function ActivityRecord() {
  const id = Number(useParams().id);
  const lang = useLang();
  const t = useText();
  const labelOf = useLabels();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const q = useActivity(id);
  return (
    <Loaded q={q}>
      {(r) => {
        const qty = r.blocks.quantity;
        return (
          <article>
            <RecordHeader kind={t('kind')} rid={r.rid} title={[labelOf('visit_types', r.type), r.customer, formatDate(lang, r.date)].filter(Boolean).join(' · ')}>
              {r.can_edit && !editing ? (
                <button type="button" onClick={() => (setEditing(true), setSaved(false))}>
                  {t('edit')}
                </button>
              ) : null}
            </RecordHeader>
            {saved ? <p role="status">{t('saved')}</p> : null}
            {editing ? <EditVisit activity={r} onDone={(ok) => (setEditing(false), setSaved(ok))} /> : null}
            <Fields
              items={[
                [t('type'), labelOf('visit_types', r.type)],
                [t('date'), formatDate(lang, r.date)],
                [t('topic'), labelOf('visit_topics', r.topic)],
                [t('took'), r.duration_min !== null ? t('minutes', { n: String(r.duration_min) }) : null],
                [t('company'), <RecordLink kind="companies" id={r.customer_id}>{r.customer}</RecordLink>],
                [t('opportunity'), r.opp_id ? <RecordLink kind="opportunities" id={r.opp_id}>{r.opp || t('opportunity')}</RecordLink> : null],
                [t('participants'), r.people.length ? r.people.map((p) => p.name).join(', ') : null],
                [t('quantity'), qty?.kg ? `${formatNumber(lang, Number(qty.kg))} ${qty.unit || 'kg'}` : null],
                [t('outcome'), r.outcome],
                [t('nextAction'), labelOf('next_actions', r.next_action)],
                [t('nextDate'), formatDate(lang, r.next_date)],
                [t('task'), r.task_id && r.task ? <Link to={`/tasks/${r.task_id}`}>{r.task}</Link> : null],
                [t('owner'), r.owner?.full_name],
                [t('note'), r.note],
                [t('created'), formatTimestamp(lang, r.created_at)],
              ]}
            />
          </article>
        );
      }}
    </Loaded>
  );
}

/** The fields a rep set when logging the visit; the people come from the company, the quantity is the Quick Entry block. */
function EditVisit({ activity: a, onDone }: { activity: Activity; onDone: (saved: boolean) => void }) {
  const me = useMe();
  const common = useT();
  const t = useText();
  const labelOf = useLabels();
  const written = useActivityWritten();
  const [v, setV] = useState({ type: a.type, topic: a.topic, duration: a.duration_min === null ? '' : String(a.duration_min), date: a.date, people: a.person_ids, kg: a.blocks.quantity?.kg ?? '', nextAction: a.next_action, nextDate: a.next_date ?? '', outcome: a.outcome, note: a.note });
  const [local, setLocal] = useState<Record<string, string>>({});
  const people = useCompanyPeople(a.customer_id);
  const save = useMutation({
    mutationFn: async () => {
      const blocks = { ...a.blocks };
      if (v.kg.trim()) blocks.quantity = { ...blocks.quantity, kg: v.kg.trim(), unit: blocks.quantity?.unit || 'kg' };
      else delete blocks.quantity;
      if (blocks.next || v.nextAction) blocks.next = { ...blocks.next, action: v.nextAction, date: v.nextDate };
      const duration_min = v.duration.trim() ? Number(v.duration.trim()) : null;
      const body = { type: v.type, topic: v.topic || null, duration_min, date: v.date, person_ids: v.people, next_action: v.nextAction || null, next_date: v.nextDate || null, outcome: v.outcome || null, note: v.note || null, blocks };
      return must(await api.PATCH('/api/v1/activities/{id}', { params: { path: { id: a.id } }, body })).activity;
    },
    onSuccess: async (saved) => {
      await written(a.customer_id, saved);
      onDone(true);
    },
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!v.date) problems.date = t('dateMissing');
    if (v.kg.trim() && !/^\d{1,12}(\.\d{1,6})?$/.test(v.kg.trim())) problems.kg = t('badQuantity');
    if (v.duration.trim() && !(/^\d{1,4}$/.test(v.duration.trim()) && Number(v.duration.trim()) <= 1440)) problems.duration = t('badDuration');
    setLocal(problems);
    if (!Object.keys(problems).length) save.mutate();
  };
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={t('editVisit')}>
      <h2>{t('editVisit')}</h2>
      <div className="co-grid">
        <ValueSelect label={t('type')} error={errors.type} value={v.type} options={me.constants.visit_types} onChange={(type) => setV({ ...v, type })} optionLabel={(x) => labelOf('visit_types', x)} />
        <ValueSelect
          label={t('topic')}
          error={errors.topic}
          value={v.topic}
          options={me.constants.visit_topics}
          onChange={(topic) => setV({ ...v, topic })}
          none={t('none')}
          optionLabel={(x) => labelOf('visit_topics', x)}
        />
        <Field label={t('duration')} error={local.duration ?? errors.duration_min}>
          {(p) => <input {...p} inputMode="numeric" value={v.duration} onChange={(e) => setV({ ...v, duration: e.target.value })} />}
        </Field>
        <Field label={t('date')} error={local.date ?? errors.date} required>
          {(p) => <input {...p} type="date" value={v.date} onChange={(e) => setV({ ...v, date: e.target.value })} />}
        </Field>
        <Field label={`${t('quantity')} (${a.blocks.quantity?.unit || 'kg'})`} error={local.kg ?? errors['blocks.quantity.kg']}>
          {(p) => <input {...p} inputMode="decimal" value={v.kg} onChange={(e) => setV({ ...v, kg: e.target.value })} />}
        </Field>
        <ValueSelect
          label={t('nextAction')}
          error={errors.next_action}
          value={v.nextAction}
          options={me.constants.next_actions}
          onChange={(nextAction) => setV({ ...v, nextAction })}
          none={t('none')}
          optionLabel={(x) => labelOf('next_actions', x)}
        />
        <Field label={t('nextDate')} error={errors.next_date}>
          {(p) => <input {...p} type="date" value={v.nextDate} onChange={(e) => setV({ ...v, nextDate: e.target.value })} />}
        </Field>
        <Field label={t('outcome')} error={errors.outcome}>
          {(p) => <input {...p} value={v.outcome} maxLength={200} onChange={(e) => setV({ ...v, outcome: e.target.value })} />}
        </Field>
      </div>
      <fieldset className="qe-people">
        <legend>{t('participants')}</legend>
        {(people.data ?? []).map((p) => (
          <label key={p.id} className="qe-check">
            <input type="checkbox" checked={v.people.includes(p.id)} onChange={(e) => setV({ ...v, people: e.target.checked ? [...v.people, p.id] : v.people.filter((x) => x !== p.id) })} />
            {p.name}
          </label>
        ))}
      </fieldset>
      <Field label={t('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={3} maxLength={4000} value={v.note} onChange={(e) => setV({ ...v, note: e.target.value })} />}
      </Field>
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('save')}
        </button>
        <button type="button" onClick={() => onDone(false)}>
          {common('common.cancel')}
        </button>
      </div>
    </form>
  );
}
