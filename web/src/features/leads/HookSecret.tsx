import { useState } from 'react';
import { useHookText } from './hooks.text';

/** A hook's new secret, shown this once (after create and rotate), with a copy button. */
export function HookSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const text = useHookText();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="panel ld-secret" role="status" aria-label={text('secretOnce', { name })}>
      <p>{text('secretOnce', { name })}</p>
      <p>
        <code data-testid="hook-secret">{secret}</code>
      </p>
      <div className="co-actions">
        <button type="button" className="primary" onClick={copy}>
          {copied ? text('copied') : text('copy')}
        </button>
        <button type="button" onClick={onDone}>
          {text('done')}
        </button>
      </div>
    </div>
  );
}
