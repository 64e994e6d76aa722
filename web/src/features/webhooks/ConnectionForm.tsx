import { useId, type FormEvent } from 'react';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { isRecordKind, KINDS, RECORD_FIELDS } from './kinds';
import { useEventKinds } from '../../lib/event-kinds';
import { kindName, useAppsText } from './apps.text';
import { refusedFields, type ConnectionDraft } from './form-state';

interface Props {
  draft: ConnectionDraft;
  set: (patch: Partial<ConnectionDraft>) => void;
  /** Create: the kind is chosen here; edit: the kind is the connection's. */
  create: boolean;
  error: unknown;
  notJson: boolean;
  busy: boolean;
  submit: string;
  onSubmit: () => void;
  children?: React.ReactNode;
}

/** The fields of a connection (create and edit): kind, URL or the product's settings and token, events, filter. */
export function ConnectionForm({ draft, set, create, error, notJson, busy, submit, onSubmit, children }: Props) {
  const text = useAppsText();
  const id = useId();
  const record = isRecordKind(draft.kind);
  const events = useEventKinds().map((k) => k.name);
  const refused = refusedFields(error, text);
  const send = (e: FormEvent) => (e.preventDefault(), onSubmit());
  return (
    <form className="co-form" onSubmit={send}>
      {refused ? (
        <p className="error" role="alert">
          {text('invalid', refused)}
        </p>
      ) : notJson ? (
        <p className="error" role="alert">
          {text('filterNotJson')}
        </p>
      ) : (
        <FormError error={error} />
      )}
      {create ? (
        <div className="co-field">
          <label htmlFor={`${id}-kind`}>{text('colKind')}</label>
          <select id={`${id}-kind`} value={draft.kind} onChange={(e) => set({ kind: e.target.value as ConnectionDraft['kind'] })}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {kindName(text, k)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {record ? <RecordFields draft={draft} set={set} create={create} /> : <UrlField draft={draft} set={set} />}
      <fieldset className="co-field-rows">
        <legend>{text('colEvents')}</legend>
        <div className="wh-events">
          {events.map((e) => (
            <label key={e}>
              <input type="checkbox" checked={draft.events.includes(e)} onChange={(x) => set({ events: x.target.checked ? [...draft.events, e] : draft.events.filter((v) => v !== e) })} /> {e}
            </label>
          ))}
        </div>
      </fieldset>
      <FilterField draft={draft} set={set} />
      <div className="co-actions">
        <button type="submit" className="primary" disabled={busy}>
          {submit}
        </button>
        {children}
      </div>
    </form>
  );
}

function UrlField({ draft, set }: Pick<Props, 'draft' | 'set'>) {
  const text = useAppsText();
  const id = useId();
  return (
    <div className="co-field">
      <label htmlFor={id}>{text('fieldUrl')}</label>
      <input id={id} type="url" maxLength={2000} value={draft.url} aria-describedby={`${id}-hint`} onChange={(e) => set({ url: e.target.value })} />
      <p className="help" id={`${id}-hint`}>
        {text('fieldUrlHint')}
      </p>
    </div>
  );
}

function RecordFields({ draft, set, create }: Pick<Props, 'draft' | 'set' | 'create'>) {
  const text = useAppsText();
  const id = useId();
  return (
    <fieldset className="co-field-rows">
      <legend>{kindName(text, draft.kind)}</legend>
      <p className="help">{text('recordAbout')}</p>
      {(RECORD_FIELDS[draft.kind] ?? []).map((f) => {
        const hint = text(`h_${draft.kind}.${f.name}` as Parameters<typeof text>[0]);
        const fid = `${id}-${f.name}`;
        return (
          <div className="co-field" key={f.name}>
            <label htmlFor={fid}>
              {text(`f_${f.name}` as Parameters<typeof text>[0])}
              {f.dflt ? ` ${text('optional')}` : ''}
            </label>
            <input id={fid} maxLength={200} value={draft.config[f.name] ?? ''} aria-describedby={`${fid}-hint`} onChange={(e) => set({ config: { ...draft.config, [f.name]: e.target.value } })} />
            <p className="help" id={`${fid}-hint`}>
              {f.dflt ? text('withDefault', { hint, dflt: f.dflt }) : hint}
            </p>
          </div>
        );
      })}
      <div className="co-field">
        <label htmlFor={`${id}-token`}>{text('fieldToken')}</label>
        <input id={`${id}-token`} type="password" autoComplete="new-password" maxLength={4096} value={draft.token} aria-describedby={`${id}-token-hint`} onChange={(e) => set({ token: e.target.value })} />
        <p className="help" id={`${id}-token-hint`}>
          {create ? text('fieldTokenHint') : text('fieldTokenHintKeep')}
        </p>
      </div>
    </fieldset>
  );
}

function FilterField({ draft, set }: Pick<Props, 'draft' | 'set'>) {
  const text = useAppsText();
  const id = useId();
  const c = useMe().constants;
  // the example names this workspace's won stage: installation constants differ
  const won = Object.entries(c.stage_roles).find(([, role]) => role === 'won')?.[0] ?? '';
  const example = JSON.stringify({ match: 'all', conditions: [{ field: 'stage', op: 'in', value: [won] }] });
  return (
    <div className="co-field">
      <label htmlFor={id}>{text('fieldFilter')}</label>
      <textarea id={id} rows={4} maxLength={8000} spellCheck={false} value={draft.filter} aria-describedby={`${id}-hint`} onChange={(e) => set({ filter: e.target.value })} />
      <p className="help" id={`${id}-hint`}>
        {text('fieldFilterHint')} <code>{example}</code>
      </p>
    </div>
  );
}
