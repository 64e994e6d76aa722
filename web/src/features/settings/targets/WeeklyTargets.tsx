import { useState, type FormEvent } from 'react';
import { useMe } from '../../../lib/session';
import { Loaded } from '../../../shell/States';
import { FormError } from '../../../shell/forms';
import { Notice, SettingsPage } from '../settings-parts';
import { useSaveWeeklyTargets, useWeeklyTargets } from './queries';
import { useTargetsText } from './targets.text';

/**
 * The workspace's weekly visit and task targets per user (admins; others get 403 from the API): Today's progress
 * bars and the activity report read them (docs/decisions/reports.md, "Weekly targets").
 */
export default function WeeklyTargets() {
  const text = useTargetsText();
  const admin = useMe().user.role === 'admin';
  const [done, setDone] = useState<string | null>(null);
  const q = useWeeklyTargets();
  const save = useSaveWeeklyTargets(() => setDone(text('saved')));
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(null);
    const form = new FormData(e.currentTarget);
    save.mutate({ visits: Number(form.get('visits')), tasks: Number(form.get('tasks')) });
  }
  return (
    <SettingsPage title={text('heading')}>
      <p className="help">{text('intro')}</p>
      <Notice text={done} />
      <Loaded q={q}>
        {(t) => (
          <form className="co-form" aria-label={text('heading')} onSubmit={submit}>
            {/* others read the targets; only admins may change them (the API answers 403) */}
            <fieldset disabled={!admin} className="st-fields">
              <label>
                {text('visits')}
                <input type="number" name="visits" min={0} max={1000} step={1} required defaultValue={t.visits} />
              </label>
              <label>
                {text('tasks')}
                <input type="number" name="tasks" min={0} max={1000} step={1} required defaultValue={t.tasks} />
              </label>
            </fieldset>
            <FormError error={save.error} />
            {admin ? (
              <div className="co-actions">
                <button type="submit" className="primary" disabled={save.isPending}>
                  {text('save')}
                </button>
              </div>
            ) : null}
          </form>
        )}
      </Loaded>
    </SettingsPage>
  );
}
