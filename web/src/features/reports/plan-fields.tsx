import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { reportKeys } from './queries';

/** The amount as typed: digits with at most two decimals, a comma read as the decimal point (Turkish input). */
export const AMOUNT_PATTERN = '[0-9]+([.,][0-9]{1,2})?';
export const amountOf = (v: FormDataEntryValue | null): number => Number(String(v ?? '').replace(',', '.'));

/**
 * The rows the admins' plan forms share (a quota, the manager's adjustment of a forecast): the user, what may stand
 * in for the user (the adjustment's team), and the period, a month (`month`) or a month or a quarter (`month-or-quarter`,
 * 2026-11 or 2026-Q4). The form reads `user` and `period` from its FormData.
 */
export function UserPeriodFields(props: { userLabel: string; periodLabel: string; period: 'month' | 'month-or-quarter'; orUser?: ReactNode }) {
  const me = useMe();
  return (
    <>
      <label>
        {props.userLabel}
        <select name="user" defaultValue={String(me.user.id)}>
          {me.users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          ))}
        </select>
      </label>
      {props.orUser}
      <label>
        {props.periodLabel}
        {props.period === 'month' ? (
          <input type="month" name="period" required />
        ) : (
          <input type="text" name="period" required pattern="\d{4}-(0[1-9]|1[0-2]|Q[1-4])" />
        )}
      </label>
    </>
  );
}

/**
 * An admin's write of a plan figure (the API refuses others): the reports read again after it, and the form says it
 * was saved under its button. `done` is null until the last write succeeded.
 */
export function usePlanWrite<T>(write: (item: T) => Promise<unknown>, savedText: string) {
  const qc = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: write,
    onSuccess: async () => {
      setDone(savedText);
      await qc.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
  return { save, done, start: () => setDone(null) };
}

/** The end of a plan form: its button, the API's refusal and the saved notice. */
export function PlanFormEnd({ label, busy, error, done }: { label: string; busy: boolean; error: unknown; done: string | null }) {
  return (
    <>
      <button type="submit" disabled={busy}>
        {label}
      </button>
      <FormError error={error} />
      {done ? <p role="status">{done}</p> : null}
    </>
  );
}
