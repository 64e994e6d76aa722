import { useId, useState, type ReactNode } from 'react';
import { ApiFailure } from '../lib/api';
import { errorSentence, fieldSentence } from '../lib/errors';
import { useLang, useT, type TextKey } from '../lib/i18n';
import './screens.css';

/** A 400 `invalid` answer's messages by field (the API writes `field: message; field: message`); Field shows them translated. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure) || error.status !== 400) return {};
  const fields = Array.isArray(error.body.fields) ? (error.body.fields as string[]) : [];
  const out: Record<string, string> = {};
  for (const part of (error.body.message ?? '').split('; ')) {
    const i = part.indexOf(': ');
    if (i > 0 && fields.includes(part.slice(0, i))) out[part.slice(0, i)] ??= part.slice(i + 2);
  }
  for (const f of fields) out[f] ??= error.body.message ?? 'invalid';
  return out;
}

/** The class-validator and domain messages of a field, as sentence kinds (anything else is shown after the label). */
const SENTENCES: [RegExp, TextKey][] = [
  [/^(is required|must not be empty|should not be empty|must not be null)$/, 'field.required'],
  [/^must not be less than (\S+)$/, 'field.min'],
  [/^must not be greater than (\S+)$/, 'field.max'],
  [/^must be an integer/, 'field.integer'],
  [/^must be a number/, 'field.number'],
  [/^must be a date/, 'field.date'],
  [/^must be shorter than or equal to (\d+) characters$/, 'field.length'],
];

/**
 * A 400 `invalid` answer's messages by field as sentences in the user's language, naming the field by the
 * label the form shows (`labels`), never by its API name: "Payment days must be at most 3650."
 */
export function useFieldSentences(error: unknown, labels: Record<string, string>): Record<string, string> {
  const t = useT();
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const label = labels[field] ?? labels['*'] ?? field;
    const hit = SENTENCES.find(([re]) => re.test(message));
    out[field] = hit ? t(hit[1], { label, n: hit[0].exec(message)?.[1] ?? '' }) : t('field.other', { label, message: message.replace(/\.$/, '') });
  }
  return out;
}

/** A labelled form control with its error message, in the user's language, tied to it (aria-describedby). */
export function Field({ label, error, required, children }: { label: string; error?: string; required?: boolean; children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; required?: boolean }) => ReactNode }) {
  const id = useId();
  const errId = `${id}-err`;
  const t = useT();
  const lang = useLang();
  return (
    <div className="co-field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="help"> ({t('common.required')})</span> : null}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errId } : {}), required })}
      {error ? (
        <p className="error co-field-error" id={errId}>
          {fieldSentence(lang, error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A select of values (the installation's currencies or units, a workspace list): the current value stays an option
 * when the list no longer holds it, `none` is a first option with the value '', and `optionLabel` names a value (a
 * constant's label in the reader's language; else the value shows as it is).
 */
export function ValueSelect(props: {
  label: string;
  error?: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  none?: string;
  optionLabel?: (value: string) => string;
}) {
  const { label, error, value, options, onChange, none, optionLabel } = props;
  return (
    <Field label={label} error={error}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          {none !== undefined ? <option value="">{none}</option> : null}
          {[...new Set([...options, value])].filter(Boolean).map((o) => (
            <option key={o} value={o}>
              {optionLabel ? optionLabel(o) : o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** An error that is neither a field problem nor a duplicate (403, 5xx...). */
export function FormError({ error }: { error: unknown }) {
  const t = useT();
  const lang = useLang();
  if (!error) return null;
  if (error instanceof ApiFailure && error.status === 409 && error.body.error === 'duplicate') return null;
  if (error instanceof ApiFailure && error.status === 400) return <p className="error" role="alert">{t('common.fixFields')}</p>;
  return (
    <p className="error" role="alert">
      {errorSentence(lang, error)}
    </p>
  );
}

/** Archive behind an in-place confirmation. */
export function ArchiveButton({ name, onArchive, busy }: { name: string; onArchive: () => void; busy: boolean }) {
  return <ConfirmButton verb="archive" name={name} onConfirm={onArchive} busy={busy} />;
}

/** Delete (for good: tasks, calendar entries, fairs) behind an in-place confirmation that says it cannot be undone. */
export function DeleteButton({ name, onDelete, busy }: { name: string; onDelete: () => void; busy: boolean }) {
  return <ConfirmButton verb="delete" name={name} onConfirm={onDelete} busy={busy} />;
}

function ConfirmButton({ verb, name, onConfirm, busy }: { verb: 'archive' | 'delete'; name: string; onConfirm: () => void; busy: boolean }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const label = t(verb === 'archive' ? 'common.archive' : 'common.delete');
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div className="co-confirm" role="group" aria-label={label}>
      <p>{t(verb === 'archive' ? 'common.archiveAsk' : 'common.deleteAsk', { name })}</p>
      <div className="co-actions">
        <button type="button" className="danger" autoFocus onClick={onConfirm} disabled={busy}>
          {t(verb === 'archive' ? 'common.archiveYes' : 'common.deleteYes')}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

/** A form's last row: its submit button (busy while the write runs) and Cancel. */
export function FormActions({ pending, submit, onCancel }: { pending: boolean; submit: string; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="co-actions">
      <button type="submit" className="primary" disabled={pending}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
