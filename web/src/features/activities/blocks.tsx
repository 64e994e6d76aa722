import type { Schemas } from '../../lib/api';
import { useActiveProducts } from '../products/queries';
import { useLang } from '../../lib/i18n';
import { Field } from '../../shell/forms';
import { useVisitText, type VisitText } from './visits.text';
import { useLabels } from '../../lib/labels';

export type Config = Schemas['QuickEntryConfig'];
export type ConfigBlock = Schemas['QuickEntryBlock'];
export type TemplateBlock = Schemas['QuickEntryTemplate']['blocks'][number];
export type Suggestion = Schemas['QuickEntrySuggestion'];
export type Values = Record<string, Record<string, string>>;
export interface Choices {
  people: { id: number; name: string }[];
  opps: { id: number; name: string }[];
}

/** A block's label: the template's (English, the workspace's words), or its Turkish name when the app speaks Turkish. */
export function useBlockLabel(): (k: string, label: string) => string {
  const lang = useLang();
  const text = useVisitText();
  return (k, label) => (lang === 'tr' && isKey(`block.${k}`) ? text(`block.${k}` as Parameters<VisitText>[0]) : label);
}
const KEYS = new Set(['block.contact', 'block.opp', 'block.product', 'block.price', 'block.quantity', 'block.payment', 'block.trial', 'block.next']);
const FIELD_KEYS = new Set(['person_id', 'opp_id', 'product_id', 'price', 'currency', 'unit', 'kg', 'payment_days', 'result', 'note', 'action', 'date']);
const isKey = (k: string) => KEYS.has(k);

/** One open block: its fields as the config describes them (k, l, t, o, u, ph), the template's `fl` choosing which. */
export function Block({
  block,
  tb,
  values,
  choices,
  error,
  onChange,
  onRemove,
}: {
  block: ConfigBlock;
  tb: TemplateBlock;
  values: Record<string, string>;
  choices: Choices;
  error?: string;
  onChange: (field: string, value: string) => void;
  onRemove?: () => void;
}) {
  const lang = useLang();
  const text = useVisitText();
  const labelOf = useLabels();
  const label = useBlockLabel()(block.k, tb.label || block.label);
  const fields = tb.fl.length ? block.fields.filter((f) => tb.fl.includes(f.k)) : block.fields;
  const needsProducts = fields.some((f) => f.t === 'product');
  const products = useActiveProducts(needsProducts);
  // a money field's `u` is the base currency, which the currency field beside it may change: no unit shown then
  const fieldLabel = (k: string, l: string, u: string, t: string) => {
    const base = lang === 'tr' && FIELD_KEYS.has(k) ? text(`field.${k}` as Parameters<VisitText>[0]) : l;
    return u && t !== 'money' && !base.includes(u) ? `${base} (${u})` : base;
  };
  // the placeholders of the config are the workspace's (English) words
  const hint = (ph: string) => (lang === 'tr' ? undefined : ph || undefined);
  return (
    <fieldset className={`qe-block${error ? ' invalid' : ''}`} data-block={block.k}>
      <legend>
        {label}
        {tb.req ? <span className="help"> ({text('required')})</span> : null}
      </legend>
      {onRemove ? (
        <button type="button" className="qe-remove" onClick={onRemove} aria-label={text('removeBlock', { label })}>
          ×
        </button>
      ) : null}
      <div className="qe-fields">
        {fields.map((f) => (
          <Field key={f.k} label={fieldLabel(f.k, f.l, f.u, f.t)}>
            {(p) => {
              const v = values[f.k] ?? '';
              const set = (x: string) => onChange(f.k, x);
              const options = (list: { v: string; l: string }[]) => (
                <select {...p} value={v} onChange={(e) => set(e.target.value)}>
                  <option value="">{text('choose')}</option>
                  {list.map((o) => (
                    <option key={o.v} value={o.v}>
                      {o.l}
                    </option>
                  ))}
                  {v && !list.some((o) => o.v === v) ? <option value={v}>{v}</option> : null}
                </select>
              );
              if (f.t === 'person') return options(choices.people.map((x) => ({ v: String(x.id), l: x.name })));
              if (f.t === 'opportunity') return options(choices.opps.map((x) => ({ v: String(x.id), l: x.name })));
              if (f.t === 'product') return options((products.data ?? []).map((x) => ({ v: String(x.id), l: `${x.name} (${x.code})` })));
              // the next step's action and the trial result are constants (their labels); currency and unit are codes
              const list = block.k === 'next' && f.k === 'action' ? 'next_actions' : block.k === 'trial' && f.k === 'result' ? 'demo_results' : null;
              if (f.t === 'select') return options(f.o.map((o) => ({ v: o, l: list ? labelOf(list, o) : o })));
              if (f.t === 'date') return <input {...p} type="date" value={v} onChange={(e) => set(e.target.value)} />;
              if (f.t === 'money' || f.t === 'number')
                return <input {...p} inputMode="decimal" value={v} placeholder={hint(f.ph)} onChange={(e) => set(e.target.value.replace(',', '.'))} />;
              return <input {...p} value={v} placeholder={hint(f.ph)} maxLength={500} onChange={(e) => set(e.target.value)} />;
            }}
          </Field>
        ))}
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The suggestions as chips; a click, Enter on a focused chip or Alt+<n> applies one. */
export function Chips({ items, label, onApply }: { items: Suggestion[]; label: (s: Suggestion) => string; onApply: (s: Suggestion) => void }) {
  const text = useVisitText();
  if (!items.length) return null;
  return (
    <ul className="qe-chips" aria-label={text('suggestions')}>
      {items.map((s, i) => (
        <li key={s.id}>
          <button type="button" className="qe-chip" onClick={() => onApply(s)} aria-keyshortcuts={i < 9 ? `Alt+${i + 1}` : undefined}>
            {i < 9 ? <kbd aria-hidden="true">{i + 1}</kbd> : null}
            <span className="sr-only">{text('applyPrefix')} </span>
            {label(s)}
          </button>
        </li>
      ))}
    </ul>
  );
}
