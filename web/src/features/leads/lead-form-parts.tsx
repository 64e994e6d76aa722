import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { Field } from '../../shell/forms';
import { useLeadText } from './leads.text';

type Lead = Schemas['Lead'];
type Fair = Schemas['Fair'];
export type Person = Schemas['LeadPersonDto'];

export const TEXTS = ['company', 'contact_name', 'title', 'phone', 'wa', 'email', 'website', 'city', 'sector', 'supplier', 'interest', 'line', 'next_action', 'next_date', 'note', 'project_note', 'products_text', 'timing', 'visitor_type', 'unit', 'potential_kg', 'opp_type'] as const;
export type TextName = (typeof TEXTS)[number];
export type Values = Record<TextName, string>;

/**
 * Saves the lead form: PATCH of an edited lead with every field (an emptied one is cleared; a converted lead's
 * people are left out), or POST of a captured one with only what was filled in; `reset` empties the form after a capture.
 */
export function useLeadSave({ lead, v, fairId, products, people, onSaved, reset }: { lead?: Lead; v: Values; fairId: string; products: string[]; people: Person[]; onSaved: (l: Lead) => void; reset: () => void }) {
  const converted = !!lead?.link_customer_id;
  return useMutation({
    mutationFn: async () => {
      const body = {
        ...v,
        next_date: v.next_date || null,
        potential_kg: v.potential_kg.trim() === '' ? null : Number(v.potential_kg.replace(',', '.')),
        fair_id: fairId ? Number(fairId) : null,
        products: products.join(', '),
        ...(lead ? { customer_id: lead.customer_id } : {}),
        ...(converted ? {} : { people: people.filter((p) => p.name.trim() || p.email?.trim() || p.phone?.trim()).map((p) => ({ name: p.name, title: p.title || undefined, email: p.email || undefined, phone: p.phone || undefined })) }),
      };
      if (lead) return must(await api.PATCH('/api/v1/leads/{id}', { params: { path: { id: lead.id } }, body })).lead;
      const filled = Object.fromEntries(Object.entries(body).filter(([, x]) => x !== '' && x !== null && !(Array.isArray(x) && x.length === 0)));
      return must(await api.POST('/api/v1/leads', { body: { ...filled, company: v.company } })).lead;
    },
    onSuccess: (l) => {
      onSaved(l);
      if (!lead) reset();
    },
  });
}

/** The fair the lead was met at (a fair no longer listed stays choosable on the lead that has it). */
export function FairSelect({ lead, fairs, fairId, setFairId, error }: { lead?: Lead; fairs: Fair[]; fairId: string; setFairId: (id: string) => void; error?: string }) {
  const text = useLeadText();
  return (
    <Field label={text('fair')} error={error}>
      {(p) => (
        <select {...p} value={fairId} onChange={(e) => setFairId(e.target.value)}>
          <option value="">{text('noFair')}</option>
          {fairs.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
          {lead?.fair_id && !fairs.some((f) => f.id === lead.fair_id) ? <option value={lead.fair_id}>{lead.fair}</option> : null}
        </select>
      )}
    </Field>
  );
}

/** A set of toggle buttons (interest, products), one tap each. */
export function Chips({ label, options, isOn, toggle, error }: { label: string; options: { value: string; label: string }[]; isOn: (x: string) => boolean; toggle: (x: string) => void; error?: string }) {
  return (
    <fieldset className="ld-chips">
      <legend>{label}</legend>
      <div>
        {options.map((o) => (
          <button key={o.value} type="button" className="ld-chip" aria-pressed={isOn(o.value)} onClick={() => toggle(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      {error ? <p className="error co-field-error">{error}</p> : null}
    </fieldset>
  );
}

/** The other people met with the contact, each with name, title, phone and email. */
export function AlsoMet({ people, setPeople, errors }: { people: Person[]; setPeople: (p: Person[]) => void; errors: Record<string, string> }) {
  const text = useLeadText();
  return (
    <fieldset className="ld-people">
      <legend>{text('alsoMet')}</legend>
      {people.map((p, i) => (
        <div key={i} className="ld-person" role="group" aria-label={text('personN', { n: i + 1 })}>
          {(['name', 'title', 'phone', 'email'] as const).map((k) => (
            <Field key={k} label={text(k)} error={errors[`people.${i}.${k}`]}>
              {(fp) => <input {...fp} type={k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'} value={p[k] ?? ''} onChange={(e) => setPeople(people.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)))} />}
            </Field>
          ))}
          <button type="button" onClick={() => setPeople(people.filter((_, j) => j !== i))}>
            {text('removePerson', { name: p.name || text('personN', { n: i + 1 }) })}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => setPeople([...people, { name: '' }])}>
        {text('addPerson')}
      </button>
    </fieldset>
  );
}
