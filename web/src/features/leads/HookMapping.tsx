import { useId } from 'react';
import { useHookText } from './hooks.text';

export type Target = 'lead' | 'company' | 'person' | 'task' | 'object';
export interface MappingRow {
  field: string;
  fixed: boolean;
  text: string;
}

/** The fields of each target's create body a mapping may fill (the API checks them again and names a bad one). */
export const TARGET_FIELDS: Record<Exclude<Target, 'object'>, string[]> = {
  lead: ['company', 'contact_name', 'title', 'email', 'phone', 'wa', 'website', 'city', 'sector', 'supplier', 'interest', 'line', 'next_action', 'next_date', 'note', 'project_note', 'products', 'products_text', 'timing', 'visitor_type', 'status'],
  company: ['name', 'status', 'sector', 'city', 'country', 'address', 'phone', 'email', 'website', 'tax_no', 'tax_office', 'source', 'note'],
  person: ['name', 'title', 'department', 'email', 'phone', 'wa', 'note', 'customer_id'],
  task: ['title', 'description', 'due_date', 'priority', 'status', 'customer_id', 'person_id', 'opp_id'],
};

/** A custom object's record: name, owner, active, and `fields.<key>` / `links.<key>` of its definition. */
export function objectFields(def: { fields: { key: string }[]; relations: { key: string }[] } | undefined): string[] {
  return ['name', 'owner_id', 'active', ...(def?.fields.map((f) => `fields.${f.key}`) ?? []), ...(def?.relations.map((r) => `links.${r.key}`) ?? [])];
}

/** Rows of a hook's mapping (`fields`: what the target takes, its required field first): a field, and a JSON path of the payload or a fixed value. */
export function HookMapping({ fields, rows, onChange, errors }: { fields: string[]; rows: MappingRow[]; onChange: (rows: MappingRow[]) => void; errors: Record<string, string> }) {
  const text = useHookText();
  const set = (i: number, patch: Partial<MappingRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const id = useId();
  return (
    <fieldset className="co-field-rows">
      <legend>{text('mapping')}</legend>
      <p className="help">{text('mappingHelp')}</p>
      {rows.map((r, i) => {
        const error = errors[`mapping[${i}].field`] ?? errors[`mapping[${i}].path`] ?? errors[`mapping[${i}].value`] ?? errors[`mapping[${i}]`];
        return (
          <div key={i} className="co-field-row" role="group" aria-label={`${text('field')} ${i + 1}`}>
            <div className="co-field">
              <label htmlFor={`${id}-f${i}`}>{text('field')}</label>
              <select id={`${id}-f${i}`} value={r.field} onChange={(e) => set(i, { field: e.target.value })}>
                {[...new Set([r.field, ...fields])].map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <div className="co-field">
              <label htmlFor={`${id}-p${i}`}>{r.fixed ? text('value') : text('path')}</label>
              <input id={`${id}-p${i}`} value={r.text} maxLength={r.fixed ? 1000 : 200} placeholder={r.fixed ? '' : 'data.email'} onChange={(e) => set(i, { text: e.target.value })} aria-invalid={error ? true : undefined} />
            </div>
            <label className="co-check">
              <input type="checkbox" checked={r.fixed} onChange={(e) => set(i, { fixed: e.target.checked })} /> {text('fixed')}
            </label>
            <button type="button" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={text('removeRow', { field: r.field })}>
              ×
            </button>
            {error ? <p className="error">{error}</p> : null}
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...rows, { field: fields.find((f) => !rows.some((r) => r.field === f)) ?? fields[0]!, fixed: false, text: '' }])}>
        {text('addRow')}
      </button>
      {errors.mapping ? <p className="error">{errors.mapping}</p> : null}
    </fieldset>
  );
}
