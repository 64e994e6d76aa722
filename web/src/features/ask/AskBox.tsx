import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { useMe } from '../../lib/session';
import { Field } from '../../shell/forms';
import { useAskText } from './ask.text';
import '../../shell/screens.css';
import './ask.css';

type Answer = Schemas['AskResponse'];
type Source = Answer['sources'][number];
type Text = ReturnType<typeof useAskText>;

/**
 * The in-app path of a source's `url` (an absolute link to the record in the web app), so the source opens
 * inside the app; a URL that cannot be read is left out.
 */
export function sourcePath(url: string): string | null {
  try {
    const u = new URL(url, window.location.origin);
    return u.pathname.startsWith('/') ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}

/** The error answer of POST /api/v1/ask in the user's words (403 module, 404, 429, 502 upstream). */
export function askErrorText(text: Text, error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.status === 403) return text('off');
    if (error.status === 404) return text('notFound');
    if (error.status === 429) return text('limited');
    if (error.status === 502 || error.status === 504) return text('upstream');
    return text('failed', { message: error.body.message || error.body.error });
  }
  return text('failed', { message: error instanceof Error ? error.message : String(error) });
}

/**
 * Ask: a question in plain language, answered by POST /api/v1/ask (JSON) with the records it read
 * as in-app links. Shown only when `me.ai` is true. With `customerId` / `oppId` the question is about that
 * record. The answer is plain text and rendered as text, never as HTML.
 */
export function AskBox({ customerId, oppId, about }: { customerId?: number; oppId?: number; about?: string }) {
  const me = useMe();
  if (!me.ai) return null;
  return <AskForm customerId={customerId} oppId={oppId} about={about} />;
}

function AskForm({ customerId, oppId, about }: { customerId?: number; oppId?: number; about?: string }) {
  const text = useAskText();
  const base = useId();
  const [question, setQuestion] = useState('');
  const [empty, setEmpty] = useState(false);
  const ask = useMutation({
    mutationFn: async (q: string): Promise<Answer> => {
      const a = must(
        await api.POST('/api/v1/ask', {
          headers: { Accept: 'application/json' },
          body: { question: q, ...(customerId ? { customer_id: customerId } : {}), ...(oppId ? { opp_id: oppId } : {}) },
        }),
      );
      // the JSON answer was asked for; the event-stream form (a string) is not used here
      if (typeof a === 'string') throw new Error('unexpected answer');
      return a;
    },
  });
  return (
    <section className="panel ask-box" aria-labelledby={`${base}-h`}>
      <h2 id={`${base}-h`}>{text('title')}</h2>
      <form
        aria-labelledby={`${base}-h`}
        onSubmit={(e) => {
          e.preventDefault();
          const q = question.trim();
          setEmpty(!q);
          if (q && !ask.isPending) ask.mutate(q);
        }}
      >
        <Field label={about ? text('questionAbout', { name: about }) : text('question')} error={empty ? text('empty') : undefined}>
          {(p) => (
            <textarea
              {...p}
              rows={2}
              maxLength={2000}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={(e) => {
                // Enter asks, Shift+Enter is a new line
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
          )}
        </Field>
        <button type="submit" className="primary" disabled={ask.isPending}>
          {ask.isPending ? text('asking') : text('ask')}
        </button>
      </form>
      <p className="help">{text('help')}</p>
      <div aria-live="polite" aria-busy={ask.isPending}>
        {ask.isPending ? (
          <p className="help" role="status">
            {text('asking')}
          </p>
        ) : null}
        {ask.error ? (
          <p className="error" role="alert">
            {askErrorText(text, ask.error)}
          </p>
        ) : null}
        {ask.data && !ask.isPending ? <AnswerView a={ask.data} text={text} base={base} /> : null}
      </div>
    </section>
  );
}

function AnswerView({ a, text, base }: { a: Answer; text: Text; base: string }) {
  return (
    <>
      <h3>{text('answer')}</h3>
      <p className="ask-answer">{a.answer}</p>
      <h3 id={`${base}-s`}>{text('sources')}</h3>
      {a.sources.length === 0 ? (
        <p className="help">{text('noSources')}</p>
      ) : (
        <ul className="ask-sources" aria-labelledby={`${base}-s`}>
          {a.sources.map((s) => (
            <SourceItem key={`${s.kind}-${s.id}`} s={s} text={text} />
          ))}
        </ul>
      )}
    </>
  );
}

function SourceItem({ s, text }: { s: Source; text: Text }) {
  const path = sourcePath(s.url);
  const kind = text(`kind_${s.kind}`);
  return (
    <li>
      <span className="help">{kind}: </span>
      {path ? <Link to={path}>{s.title}</Link> : s.title}
    </li>
  );
}
