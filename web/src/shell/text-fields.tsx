import type { Lang } from '../lib/i18n';
import { Field } from './forms';

/** The keys of the plain texts the API takes on create (`Create`) and answers on the record (`Rec`). */
export type TextKey<Create, Rec> = {
  [K in keyof Create & keyof Rec]-?: Rec[K] extends string ? (NonNullable<Create[K]> extends string ? K : never) : never;
}[keyof Create & keyof Rec];

/** A plain text of a record kind as the app shows it: an input on the new-record form and a row on the record. */
export interface TextField<K extends string> {
  key: K;
  /** The API's maximum length (`maxLength` of the field in the OpenAPI document). */
  max: number;
  label: Record<Lang, string>;
  /** A longer text: a box of this many rows rather than a line. */
  rows?: number;
}

/** The inputs of a kind's plain texts on its new-record form. */
export function TextFieldInputs<K extends string>({ fields, values, onChange, errors, lang }: { fields: readonly TextField<K>[]; values: Partial<Record<K, string>>; onChange: (values: Partial<Record<K, string>>) => void; errors: Record<string, string>; lang: Lang }) {
  return (
    <>
      {fields.map((f) => (
        <Field key={f.key} label={f.label[lang]} error={errors[f.key]}>
          {(p) =>
            f.rows ? (
              <textarea {...p} rows={f.rows} value={values[f.key] ?? ''} maxLength={f.max} onChange={(e) => onChange({ ...values, [f.key]: e.target.value })} />
            ) : (
              <input {...p} value={values[f.key] ?? ''} maxLength={f.max} onChange={(e) => onChange({ ...values, [f.key]: e.target.value })} />
            )
          }
        </Field>
      ))}
    </>
  );
}

/** The part of a create body the texts make: each that is not blank. */
export const textFieldsBody = <K extends string>(fields: readonly TextField<K>[], values: Partial<Record<K, string>>): Partial<Record<K, string>> =>
  Object.fromEntries(fields.filter((f) => values[f.key]?.trim()).map((f) => [f.key, values[f.key]])) as Partial<Record<K, string>>;

/** The record's rows of the texts: label and value. */
export const textFieldRows = <K extends string>(fields: readonly TextField<K>[], record: Record<K, string>, lang: Lang): [string, string][] => fields.map((f) => [f.label[lang], record[f.key]]);
