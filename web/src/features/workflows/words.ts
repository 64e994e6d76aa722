import { useLang } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { useEventKinds } from '../../lib/event-kinds';
import { useWorkflowText } from './workflows.text';
import { useWorkflowNames } from './names.text';
import type { Trigger } from './model';

/** A trigger in the user's words (“When a lead comes in”, “Open opportunity in stage Proposal: 14 days”). */
export function useTriggerWords(): (t: Trigger) => string {
  const text = useWorkflowText();
  const names = useWorkflowNames();
  const me = useMe();
  const kinds = useEventKinds();
  const lang = useLang();
  // a kind's label is what happens, as a sentence goes on after “when” (Turkish: the clause itself, “… geldiğinde”)
  const sentence = (s: string) => s.charAt(0).toLocaleUpperCase(lang) + s.slice(1);
  return (t) => {
    switch (t.kind) {
      case 'event': {
        const event = t.event ? (kinds.find((k) => k.name === t.event)?.label ?? t.event) : '';
        const n = t.filter?.conditions.length ?? 0;
        return sentence(n > 0 ? text('whenEventFiltered', { event, n }) : text('whenEvent', { event }));
      }
      case 'manual':
        return text('byHand', { kind: t.record_kind ? names(`kind.${t.record_kind}`) : '' });
      case 'hook':
        return text('byHook');
      case 'time': {
        const watch = t.watch ? names(`watch.${t.watch}`) : '';
        return t.stage ? text('byTimeStage', { watch, stage: me.constants.stage_labels[t.stage] ?? t.stage, days: t.days ?? 0 }) : text('byTime', { watch, days: t.days ?? 0 });
      }
    }
  };
}

/**
 * A bad part the API names (`actions[1].assignee.user_id`) in the user's words (“Actions 2 › assignee › user”):
 * the position as a number from 1, the known parts by their labels.
 */
export function usePathWords(): (path: string) => string {
  const text = useWorkflowText();
  const part: Record<string, string> = { actions: text('actions'), then: text('then'), else: text('else'), trigger: text('trigger'), conditions: text('conditions'), filter: text('onlyIf'), if: text('ifHolds'), title: text('title'), assignee: text('assignee'), user_id: text('user'), user_ids: text('roundRobinUsers'), text: text('note'), name: text('name'), stage: text('stage'), days: text('days') };
  return (path) =>
    path
      .split('.')
      .map((seg) => seg.replace(/^(\w+)\[(\d+)\]$/, (_, k: string, n: string) => `${part[k] ?? k} ${Number(n) + 1}`).replace(/^\w+$/, (k) => part[k] ?? k))
      .join(' › ');
}
