import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useCompanyText } from './companies.text';
import { DuplicateChoice } from './parts';
import { Field, fieldErrors, FormError, ValueSelect } from '../../shell/forms';
import { TextFieldInputs, textFieldsBody } from '../../shell/text-fields';
import { useLang } from '../../lib/i18n';
import { TEXT_FIELDS } from './company.fields';

type Company = Schemas['Company'];
const TEXTS = ['name', 'sector', 'city', 'country', 'phone', 'email', 'website', 'tax_no', 'tax_office', 'address', 'note'] as const;
type TextName = (typeof TEXTS)[number];
type ExtraName = (typeof TEXT_FIELDS)[number]['key'];
/** The yearly potential as typed, and its unit and currency ('' = the workspace's default). */
interface Volume {
  potential: string;
  unit: string;
  currency: string;
}
/** The potential as the API takes it: a number, null when blank, undefined when it is no number. */
const potentialOf = (v: string): number | null | undefined => (v.trim() === '' ? null : Number.isFinite(Number(v.replace(',', '.'))) ? Number(v.replace(',', '.')) : undefined);

/** Create (no `company`) or edit a company; a duplicate name answers with the choice to open it or create anyway. */
export function CompanyForm({ company, onSaved, onCancel }: { company?: Company; onSaved: (c: Company) => void; onCancel: () => void }) {
  const me = useMe();
  const labelOf = useLabels();
  const t = useT();
  const text = useCompanyText();
  const [values, setValues] = useState<Record<TextName, string>>(() => Object.fromEntries(TEXTS.map((k) => [k, company?.[k] ?? ''])) as Record<TextName, string>);
  const [status, setStatus] = useState(company?.status ?? me.constants.customer_statuses[0] ?? '');
  const [ownerId, setOwnerId] = useState(String(company?.owner?.id ?? me.user.id));
  const lang = useLang();
  const [extras, setExtras] = useState<Partial<Record<ExtraName, string>>>(() => (company ? Object.fromEntries(TEXT_FIELDS.map((f) => [f.key, company[f.key]])) : {}));
  const [saved] = useState<Volume>({ potential: company?.potential_kg ? String(company.potential_kg) : '', unit: company?.unit ?? '', currency: company?.currency ?? '' });
  const [volume, setVolume] = useState<Volume>(saved);
  const potential = potentialOf(volume.potential);

  const save = useMutation({
    mutationFn: async (force: boolean) => {
      const owner = Number(ownerId);
      const ownerChanged = owner !== (company?.owner?.id ?? me.user.id);
      // an edit sends what changed of them: a company read with no potential shows 0, which is not a value to write back
      const changed = <K extends keyof Volume>(k: K) => !company || volume[k] !== saved[k];
      const amounts = { ...(changed('potential') ? { potential_kg: potential ?? null } : {}), ...(changed('unit') ? { unit: volume.unit } : {}), ...(changed('currency') ? { currency: volume.currency } : {}) };
      if (company) {
        const body = { ...values, ...extras, ...amounts, status, ...(ownerChanged ? { owner_id: owner } : {}) };
        return must(await api.PATCH('/api/v1/companies/{id}', { params: { path: { id: company.id } }, body })).company;
      }
      const filled = Object.fromEntries(Object.entries({ ...values, ...amounts }).filter(([, v]) => typeof v === 'number' || (v ?? '').trim() !== '')) as Record<TextName, string>;
      const body = { ...filled, ...textFieldsBody(TEXT_FIELDS, extras), name: values.name, status, ...(ownerChanged ? { owner_id: owner } : {}), ...(force ? { force: true } : {}) };
      return must(await api.POST('/api/v1/companies', { body })).company;
    },
    onSuccess: onSaved,
  });
  const errors: Record<string, string> = { ...fieldErrors(save.error), ...(potential === undefined ? { potential_kg: text('notANumber') } : {}) };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (potential !== undefined) save.mutate(false);
  };
  const input = (name: TextName, label: string, type = 'text', required = false) => (
    <Field label={label} error={errors[name]} required={required}>
      {(p) => <input {...p} name={name} type={type} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />}
    </Field>
  );

  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-labelledby="company-form-title">
      <h2 id="company-form-title">{company ? text('editCompany') : text('newCompany')}</h2>
      <div className="co-grid">
        {input('name', t('common.name'), 'text', true)}
        <Field label={text('status')} error={errors.status}>
          {(p) => (
            <select {...p} value={status} onChange={(e) => setStatus(e.target.value)}>
              {me.constants.customer_statuses.map((s) => (
                <option key={s} value={s}>
                  {labelOf('customer_statuses', s)}
                </option>
              ))}
            </select>
          )}
        </Field>
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
        {input('sector', text('sector'))}
        {input('city', text('city'))}
        {input('country', text('country'))}
        {input('phone', text('phone'), 'tel')}
        {input('email', text('email'), 'email')}
        {input('website', text('website'), 'url')}
        {input('tax_no', text('taxNo'))}
        {input('tax_office', text('taxOffice'))}
        {input('address', text('address'))}
        <VolumeInputs volume={volume} onChange={setVolume} errors={errors} />
        <TextFieldInputs fields={TEXT_FIELDS} values={extras} onChange={setExtras} errors={errors} lang={lang} />
      </div>
      <Field label={text('note')} error={errors.note}>
        {(p) => <textarea {...p} rows={3} value={values.note} onChange={(e) => setValues({ ...values, note: e.target.value })} />}
      </Field>
      <DuplicateChoice error={save.error} kind="companies" onForce={() => save.mutate(true)} busy={save.isPending} />
      <FormError error={save.error} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {company ? t('common.save') : t('common.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The yearly potential, its unit and currency: the workspace's lists, '' for its default. */
function VolumeInputs({ volume, onChange, errors }: { volume: Volume; onChange: (v: Volume) => void; errors: Record<string, string> }) {
  const me = useMe();
  const text = useCompanyText();
  const choice = (key: 'unit' | 'currency', options: string[], fallback: string) => (
    <ValueSelect label={text(key)} error={errors[key]} value={volume[key]} options={options} none={text('workspaceDefault', { value: fallback })} onChange={(v) => onChange({ ...volume, [key]: v })} />
  );
  return (
    <>
      <Field label={text('potential')} error={errors.potential_kg}>
        {(p) => <input {...p} inputMode="decimal" value={volume.potential} onChange={(e) => onChange({ ...volume, potential: e.target.value })} />}
      </Field>
      {choice('unit', me.app.units, me.app.unit_default)}
      {choice('currency', me.app.currencies, me.app.currency_base)}
    </>
  );
}
