import { useState } from 'react';
import { gateProblemsOf, type Opp } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { useGateProblem } from './gate-text';
import { useOppWritten } from './queries';

/** Runs a change that answers the opportunity and puts the answer in the cache; the error message, if any. */
export function useChange(id: number) {
  const written = useOppWritten();
  const [error, setError] = useState<{ where: string; text: string; problems?: string[] } | null>(null);
  const [busy, setBusy] = useState('');
  async function run(where: string, fn: () => Promise<Opp>): Promise<Opp | null> {
    setBusy(where);
    setError(null);
    try {
      const o = await fn();
      written(o);
      return o;
    } catch (err) {
      setError({ where, text: err instanceof Error ? err.message : String(err), problems: gateProblemsOf(err) ?? undefined });
      return null;
    } finally {
      setBusy('');
    }
  }
  return { run, error, busy, id, clear: () => setError(null) };
}

export type Change = ReturnType<typeof useChange>;

/** A refused change: the gate's problems as a list, or the API's message. */
export function ChangeError({ error }: { error: { text: string; problems?: string[] } }) {
  const text = useOppText();
  const gate = useGateProblem();
  return (
    <div className="gate-problems" role="alert">
      {error.problems ? (
        <>
          <p>{text('gateMissing')}</p>
          <ul>
            {error.problems.map((p) => (
              <li key={p}>{gate(p)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{error.text}</p>
      )}
    </div>
  );
}

