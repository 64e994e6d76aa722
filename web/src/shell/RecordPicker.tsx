import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../lib/i18n';

/** A record the picker offers or holds. */
export interface Picked {
  id: number;
  name: string;
  hint?: string;
}

/**
 * A searchable record picker (WAI-ARIA combobox with a listbox popup): typing searches (`search(q)`, a
 * query per word typed after a short pause), ↓/↑ move through the options (aria-activedescendant), Enter
 * chooses, Escape closes. A chosen record shows as its name with a "Change" button that clears it.
 */
export function RecordPicker({
  label,
  value,
  onChange,
  search,
  queryKey,
  error,
  disabled,
}: {
  label: string;
  value: Picked | null;
  onChange: (v: Picked | null) => void;
  search: (q: string) => Promise<Picked[]>;
  /** identifies the search (the query's cache key, before the words typed) */
  queryKey: readonly unknown[];
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({ queryKey: [...queryKey, 'pick', q], queryFn: () => search(q), enabled: open && !value && !disabled, placeholderData: keepPreviousData });
  const options = found.data ?? [];
  const listId = `${id}-list`;
  const errId = `${id}-err`;

  if (value)
    return (
      <div className="co-field picker">
        <span className="picker-label" id={`${id}-label`}>
          {label}
        </span>
        <div className="picker-chosen" role="group" aria-labelledby={`${id}-label`}>
          <span className="picker-value">{value.name}</span>
          {!disabled ? (
            <button type="button" onClick={() => onChange(null)} aria-label={t('picker.change', { label, name: value.name })}>
              {t('picker.changeShort')}
            </button>
          ) : null}
        </div>
        {error ? (
          <p className="error co-field-error" id={errId}>
            {error}
          </p>
        ) : null}
      </div>
    );

  const choose = (o: Picked) => {
    onChange(o);
    setOpen(false);
    setText('');
    setActive(-1);
  };
  const expanded = open && !disabled;
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const n = options.length;
      if (n > 0) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
    } else if (e.key === 'Enter' && expanded) {
      // Enter in an open list chooses (or does nothing): it never submits the form around the picker
      e.preventDefault();
      if (active >= 0 && options[active]) choose(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  return (
    <div className="co-field picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && options[active] ? `${id}-opt-${options[active].id}` : undefined}
        {...(error ? { 'aria-invalid': true as const, 'aria-describedby': errId } : {})}
        placeholder={disabled ? t('picker.companyFirst') : t('picker.placeholder')}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={key}
      />
      <div className="picker-popup" hidden={!expanded}>
        <ul id={listId} role="listbox" aria-label={label} hidden={options.length === 0}>
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${id}-opt-${o.id}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              // mousedown, not click: the input's blur would close the list first
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              <span>{o.name}</span>
              {o.hint ? <span className="help"> · {o.hint}</span> : null}
            </li>
          ))}
        </ul>
        {expanded && !found.isPending && options.length === 0 ? <p className="help picker-empty">{found.isError ? t('app.error') : t('picker.none')}</p> : null}
        {expanded && found.isPending ? <p className="help picker-empty">{t('app.loading')}</p> : null}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {expanded && !found.isPending ? t('picker.count', { n: options.length }) : ''}
      </p>
      {error ? (
        <p className="error co-field-error" id={errId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
