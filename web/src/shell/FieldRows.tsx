import { Field } from './forms';
import { useT } from '../lib/i18n';
import { useFieldRowsText } from './field-rows.text';

/** One field of a definition being edited (record types, approval lists); `options` as typed, comma-separated. */
export interface FieldRow {
  key: string;
  label: string;
  type: string;
  options: string;
  required: boolean;
  display: boolean;
  /** a field already saved: records hold values under its key, so key and type stay */
  saved: boolean;
}
export type FieldType = 'text' | 'number' | 'date' | 'select' | 'multiselect' | 'checkbox' | 'person' | 'money' | 'leave_type';

const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const FOLD: Record<string, string> = { ı: 'i', ş: 's', ğ: 'g', ü: 'u', ö: 'o', ç: 'c', â: 'a', î: 'i', û: 'u' };
/** A key from a label: "Ürün grubu" → `urun_grubu` (Turkish letters folded; the API's key rule). */
export function keyOf(label: string): string {
  const k = label
    .toLocaleLowerCase('tr')
    .replace(/[ışğüöçâîû]/g, (c) => FOLD[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  return k.slice(0, 40);
}
export const validKey = (k: string) => KEY.test(k);
export const newRow = (type: FieldType): FieldRow => ({ key: '', label: '', type, options: '', required: false, display: false, saved: false });
export const optionList = (r: FieldRow) => r.options.split(',').map((o) => o.trim()).filter(Boolean);

/** What is wrong with a row, as sentences (`check` false: nothing yet, before the first save). */
export function useRowProblems(optionTypes: readonly string[]) {
  const t = useT();
  const text = useFieldRowsText();
  return (r: FieldRow, check: boolean) => ({
    label: check && !r.label.trim() ? t('field.required', { label: text('fieldLabel') }) : undefined,
    key: check && !KEY.test(r.key) ? text('keyFormat') : undefined,
    options: check && optionTypes.includes(r.type) && optionList(r).length === 0 ? text('needsOptions') : undefined,
  });
}

/**
 * The field list of a definition: label (a new field's key follows it), key, type, choices for the types that
 * have them, required, shown in lists (`display`), remove and add. Saved fields keep key and type.
 */
export function FieldRows({ rows, onChange, types, optionTypes, display, check }: { rows: FieldRow[]; onChange: (rows: FieldRow[]) => void; types: readonly FieldType[]; optionTypes: readonly string[]; display: boolean; check: boolean }) {
  // one type only (website forms: text): no choice to show
  const text = useFieldRowsText();
  const problems = useRowProblems(optionTypes);
  const set = (i: number, patch: Partial<FieldRow>) => onChange(rows.map((r, j) => (j !== i ? r : { ...r, ...patch, ...(patch.label !== undefined && !r.saved ? { key: keyOf(patch.label) } : {}) })));
  return (
    <fieldset className="co-field-rows">
      <legend>{text('fields')}</legend>
      {rows.length === 0 ? <p className="help">{text('noFields')}</p> : null}
      {rows.map((r, i) => {
        const problem = problems(r, check);
        return (
          <div key={i} className="co-field-row" role="group" aria-label={text('fieldN', { n: i + 1 })}>
            <Field label={text('fieldLabel')} required error={problem.label}>
              {(p) => <input {...p} value={r.label} maxLength={100} onChange={(e) => set(i, { label: e.target.value })} />}
            </Field>
            <Field label={text('fieldKey')} error={problem.key}>
              {(p) => <input {...p} value={r.key} maxLength={40} readOnly={r.saved} onChange={(e) => set(i, { key: e.target.value })} />}
            </Field>
            {types.length < 2 ? null : (
              <Field label={text('fieldType')}>
                {(p) => (
                  <select {...p} value={r.type} disabled={r.saved} onChange={(e) => set(i, { type: e.target.value })}>
                    {types.map((x) => (
                      <option key={x} value={x}>
                        {text(`type_${x}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {optionTypes.includes(r.type) ? (
              <Field label={text('options')} error={problem.options}>
                {(p) => <input {...p} value={r.options} onChange={(e) => set(i, { options: e.target.value })} />}
              </Field>
            ) : null}
            <div className="co-checks">
              {r.type !== 'checkbox' ? (
                <label className="co-check">
                  <input type="checkbox" checked={r.required} onChange={(e) => set(i, { required: e.target.checked })} /> {text('required')}
                </label>
              ) : null}
              {display ? (
                <label className="co-check">
                  <input type="checkbox" checked={r.display} onChange={(e) => set(i, { display: e.target.checked })} /> {text('display')}
                </label>
              ) : null}
              <button type="button" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={text('removeField', { n: i + 1 })}>
                {text('remove')}
              </button>
            </div>
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...rows, newRow(types[0])])}>
        {text('addField')}
      </button>
    </fieldset>
  );
}
