import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useBlockLabel, type Choices, type Config, type ConfigBlock, type Suggestion, type TemplateBlock } from './blocks';
import { useVisitText } from './visits.text';
import type { Draft } from './VisitForm';
import { useActivityWritten, useQeSuggestions } from './queries';

type Company = Schemas['CompanyRecord'];
type Template = Config['templates'][number];
type SetDraft = (f: (d: Draft) => Draft) => void;

/**
 * The note's suggestions (POST /qe/suggest, debounced while the note is typed) as chips, less those the form
 * already holds or a block that is off; `apply` fills a chip's block, `onKey` applies the n-th on Alt+<n>, and
 * `announce` says what was applied.
 */
export function useSuggestions({ draft, setDraft, company, byKey, tblocks }: { draft: Draft; setDraft: SetDraft; company: Company; byKey: Map<string, ConfigBlock>; tblocks: TemplateBlock[] }) {
  const lang = useLang();
  const labelOf = useLabels();
  const text = useVisitText();
  const blockLabel = useBlockLabel();
  const [announce, setAnnounce] = useState('');
  const [debounced, setDebounced] = useState(draft.note);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(draft.note), 450);
    return () => clearTimeout(h);
  }, [draft.note]);
  const suggest = useQeSuggestions(company.id, debounced);
  // a failed ask (the network, a busy server) keeps the last suggestions instead of none: the note did not change them
  const lastGood = useRef<Suggestion[]>([]);
  if (suggest.data) lastGood.current = suggest.data;
  const offBlocks = new Set(tblocks.filter((b) => b.st === 'off').map((b) => b.k));
  // a suggestion the form already holds (applied, or chosen by hand) is no chip any more
  const holds = (s: Suggestion) => {
    const k = s.block || 'next';
    const keys = new Set(byKey.get(k)?.fields.map((x) => x.k) ?? []);
    const own = Object.entries(s.fields).filter(([x]) => keys.has(x));
    return own.length > 0 && own.every(([x, v]) => draft.values[k]?.[x] === v);
  };
  const chips = (debounced.trim().length > 2 ? (suggest.data ?? lastGood.current) : []).filter((s) => !draft.applied.includes(s.id) && !offBlocks.has(s.block || 'next') && !holds(s));
  const chipLabel = (s: Suggestion) => {
    if (lang !== 'tr') return s.label;
    const shown = Object.entries(s.fields).filter(([k]) => !k.endsWith('_id') && k !== 'stage' && k !== 'code' && k !== 'outcome');
    // the next step's action and a trial's result are constants: their labels, not their keys
    const value = (k: string, v: string) => (k === 'action' ? labelOf('next_actions', v) : k === 'result' ? labelOf('demo_results', v) : v);
    return `${blockLabel(s.block || 'next', s.block)}: ${shown.map(([k, v]) => value(k, String(v))).join(' ')}`;
  };

  const apply = (s: Suggestion) => {
    const k = s.block || 'next';
    const keys = new Set(byKey.get(k)?.fields.map((f) => f.k) ?? []);
    const fields = Object.fromEntries(Object.entries(s.fields).filter(([f]) => keys.has(f)));
    setDraft((d) => ({
      ...d,
      values: { ...d.values, [k]: { ...d.values[k], ...fields } },
      opened: d.opened.includes(k) ? d.opened : [...d.opened, k],
      applied: [...d.applied, s.id],
      people: k === 'contact' && fields.person_id && !d.people.includes(Number(fields.person_id)) ? [...d.people, Number(fields.person_id)] : d.people,
    }));
    setAnnounce(text('applied', { label: chipLabel(s) }));
  };
  const onKey = (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    const n = Number(e.key) || Number(/^Digit(\d)$/.exec(e.code)?.[1]);
    if (n >= 1 && n <= 9 && chips[n - 1]) {
      e.preventDefault();
      apply(chips[n - 1]!);
    }
  };
  return { chips, chipLabel, apply, onKey, announce };
}

/** POST /activities with what the shown blocks hold; the company, today's list and the task lists read again. */
export function useVisitSave({ draft, company, template, tblocks, shownBlock, onSaved }: { draft: Draft; company: Company; template: Template | undefined; tblocks: TemplateBlock[]; shownBlock: (b: TemplateBlock) => boolean; onSaved: (activity: Schemas['Activity']) => void }) {
  const written = useActivityWritten();
  return useMutation({
    mutationFn: async () => {
      const shown = tblocks.filter(shownBlock);
      const blocks = Object.fromEntries(shown.map((b) => [b.k, Object.fromEntries(Object.entries(draft.values[b.k] ?? {}).filter(([, v]) => v.trim() !== ''))]).filter(([, v]) => Object.keys(v as object).length));
      const v = draft.values;
      const contact = Number(v.contact?.person_id) || null;
      const body = {
        type: draft.type,
        topic: template?.topic || null,
        date: draft.date,
        customer_id: company.id,
        person_ids: [...new Set([...draft.people, ...(contact ? [contact] : [])])],
        opp_id: shown.some((b) => b.k === 'opp') && v.opp?.opp_id ? Number(v.opp.opp_id) : null,
        note: draft.note.trim() || null,
        next_action: shown.some((b) => b.k === 'next') ? v.next?.action || null : null,
        next_date: shown.some((b) => b.k === 'next') ? v.next?.date || null : null,
        outcome: shown.some((b) => b.k === 'trial') ? v.trial?.result || null : null,
        blocks,
      };
      return must(await api.POST('/api/v1/activities', { body })).activity;
    },
    onSuccess: (a) => {
      // the company's record, Today, and the task lists and the calendar (the next step became a task, task_id)
      void written(company.id);
      onSaved(a);
    },
  });
}

/** The company's people met at the visit. */
export function PeopleChecks({ choices, draft, setDraft }: { choices: Choices; draft: Draft; setDraft: SetDraft }) {
  const text = useVisitText();
  return (
    <fieldset className="qe-people">
      <legend>{text('people')}</legend>
      {choices.people.length === 0 ? <p className="help">{text('noPeople')}</p> : null}
      {choices.people.map((p) => (
        <label key={p.id} className="qe-check">
          <input
            type="checkbox"
            checked={draft.people.includes(p.id)}
            onChange={(e) => setDraft((d) => ({ ...d, people: e.target.checked ? [...d.people, p.id] : d.people.filter((x) => x !== p.id) }))}
          />
          {p.name}
        </label>
      ))}
    </fieldset>
  );
}
