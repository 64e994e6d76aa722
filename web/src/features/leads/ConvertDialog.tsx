import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLeadConverted } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLeadText } from './leads.text';
import { CompanyChoice, ConvertError, ConvertResult, OppChoice, PeopleChoice, type CompanyMode, type OppMode } from './convert-parts';

type Lead = Schemas['Lead'];
type Result = Schemas['LeadConvertResponse'];

/**
 * The convert dialog (spec 4.3) with every mode: the company (registered or name-matched / new prospect /
 * an existing one found by name), each person (new / skip / link to a contact of the chosen company), the
 * opportunity (new / an open one of the company / none), the fair visit and the follow-up task; then the result
 * with links to what was created.
 */
export function ConvertDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const t = useT();
  const text = useLeadText();
  const converted = useLeadConverted();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const [mode, setMode] = useState<CompanyMode>('');
  const [customerId, setCustomerId] = useState('');
  const [people, setPeople] = useState<string[]>(() => lead.people.map(() => 'new'));
  const [oppMode, setOppMode] = useState<OppMode>('new');
  const [oppId, setOppId] = useState('');
  const [makeVisit, setMakeVisit] = useState(true);
  const [makeTask, setMakeTask] = useState(true);
  const company = mode === 'existing' && customerId ? Number(customerId) : null;
  /** Another company: links to the former one's contacts and opportunity no longer apply. */
  const changeCompany = (m: CompanyMode, id: string) => {
    setMode(m);
    setCustomerId(id);
    setOppId('');
    setPeople((ps) => ps.map((p) => (p === 'skip' ? p : 'new')));
    if (oppMode === 'existing') setOppMode('new');
  };

  const convert = useMutation({
    mutationFn: async (): Promise<Result> => {
      const body = {
        ...(mode ? { mode } : {}),
        ...(company ? { customer_id: company } : {}),
        people: Object.fromEntries(people.map((p, i): [string, 'new' | 'skip' | number] => [String(i), p === 'new' || p === 'skip' ? p : Number(p)])),
        opp_mode: oppMode,
        ...(oppMode === 'existing' && oppId ? { opp_id: Number(oppId) } : {}),
        make_visit: makeVisit,
        make_task: makeTask,
      };
      return must(await api.POST('/api/v1/leads/{id}/convert', { params: { path: { id: lead.id } }, body }));
    },
    onSuccess: (r) => {
      converted(r.lead);
    },
  });
  const close = () => {
    ref.current?.close();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    convert.mutate();
  };
  const r = convert.data;

  return (
    <dialog ref={ref} className="ld-dialog" aria-labelledby="convert-title" onCancel={onClose}>
      <h2 id="convert-title">{r ? text('result') : text('convertLead')}</h2>
      {r ? (
        <ConvertResult r={r} onClose={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <CompanyChoice lead={lead} mode={mode} customerId={customerId} onChange={changeCompany} />
          <PeopleChoice lead={lead} company={company} people={people} setPeople={setPeople} />
          <OppChoice company={company} oppMode={oppMode} setOppMode={setOppMode} oppId={oppId} setOppId={setOppId} />
          <label className="co-check">
            <input type="checkbox" checked={makeVisit} onChange={(e) => setMakeVisit(e.target.checked)} /> {text('makeVisit')}
          </label>
          {lead.next_action ? (
            <label className="co-check">
              <input type="checkbox" checked={makeTask} onChange={(e) => setMakeTask(e.target.checked)} /> {text('makeTask')}
            </label>
          ) : null}
          <ConvertError error={convert.error} />
          <div className="co-actions">
            <button type="submit" className="primary" disabled={convert.isPending || (mode === 'existing' && !company) || (oppMode === 'existing' && !oppId)}>
              {text('doConvert')}
            </button>
            <button type="button" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
