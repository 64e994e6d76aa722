import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { DuplicateChoice } from '../companies';
import { usePeopleText } from './people.text';
import { Field, fieldErrors, FormError } from '../../shell/forms';

type Person = Schemas['Person'];
const TEXTS = ['name', 'title', 'department', 'email', 'phone', 'wa', 'note'] as const;
type TextName = (typeof TEXTS)[number];

/**
 * Create (no `person`; on the company `customerId`, or none) or edit a person. The company of an existing
 * person stays as it is here.
 */
export function PersonForm({ person, customerId, customerName, onSaved, onCancel }: { person?: Person; customerId?: number | null; customerName?: string; onSaved: (p: Person) => void; onCancel: () => void }) {
  const me = useMe();
  const t = useT();
  const text = usePeopleText();
  const [values, setValues] = useState<Record<TextName, string>>(() => Object.fromEntries(TEXTS.map((k) => [k, person?.[k] ?? ''])) as Record<TextName, string>);
  const [isMain, setIsMain] = useState(person?.is_main ?? false);
  const [isFormer, setIsFormer] = useState(person?.is_former ?? false);
  const [ownerId, setOwnerId] = useState(String(person?.owner?.id ?? me.user.id));
  const company = person ? person.customer : customerName;

  const save = useMutation({
    mutationFn: async (force: boolean) => {
      const owner = Number(ownerId);
      const ownerChanged = owner !== (person?.owner?.id ?? me.user.id);
      if (person) {
        const body = { ...values, is_main: isMain, is_former: isFormer, ...(ownerChanged ? { owner_id: owner } : {}) };
        return must(await api.PATCH('/api/v1/people/{id}', { params: { path: { id: person.id } }, body })).person;
      }
      const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')) as Record<TextName, string>;
      const body = { ...filled, name: values.name, is_main: isMain, ...(customerId ? { customer_id: customerId } : {}), ...(ownerChanged ? { owner_id: owner } : {}), ...(force ? { force: true } : {}) };
      return must(await api.POST('/api/v1/people', { body })).person;
    },
    onSuccess: onSaved,
  });
  const errors = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(false);
  };
  const input = (name: TextName, label: string, type = 'text', required = false) => (
    <Field label={label} error={errors[name]} required={required}>
      {(p) => <input {...p} name={name} type={type} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />}
    </Field>
  );

  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-labelledby="person-form-title">
      <h2 id="person-form-title">{person ? text('editPerson') : text('newPerson')}</h2>
      <p className="help">
        {text('company')}: {company || text('noCompany')}
      </p>
      <div className="co-grid">
        {input('name', t('common.name'), 'text', true)}
        {input('title', text('title'))}
        {input('department', text('department'))}
        {input('email', text('email'), 'email')}
        {input('phone', text('phone'), 'tel')}
        {input('wa', text('wa'), 'tel')}
        <Field label={t('common.owner')} error={errors.owner_id}>
          {(p) => (
            <select {...p} value={ownerId} onChange={(e) => setOwnerId(e.target.value)}>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="co-checks">
        <label className="co-check">
          <input type="checkbox" checked={isMain} onChange={(e) => setIsMain(e.target.checked)} /> {text('isMain')}
        </label>
        {person ? (
          <label className="co-check">
            <input type="checkbox" checked={isFormer} onChange={(e) => setIsFormer(e.target.checked)} /> {text('isFormer')}
          </label>
        ) : null}
      </div>
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={3} value={values.note} onChange={(e) => setValues({ ...values, note: e.target.value })} />}
      </Field>
      <DuplicateChoice error={save.error} kind="people" onForce={() => save.mutate(true)} busy={save.isPending} />
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {person ? t('common.save') : t('common.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
