import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTicketsWritten } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useTicketText } from './tickets.text';

type Ticket = Schemas['Ticket'];
type Editable = 'status' | 'priority' | 'assignee_id';

/** The ticket's status as a select that saves on change (PATCH), read-only text without edit rights. */
export function TicketStatus({ ticket, label }: { ticket: Ticket; label: string }) {
  const me = useMe();
  const labelOf = useLabels();
  const statuses = me.constants.ticket_statuses.includes(ticket.status) ? me.constants.ticket_statuses : [ticket.status, ...me.constants.ticket_statuses];
  return <TicketChoice ticket={ticket} field="status" label={label} value={ticket.status} shown={labelOf('ticket_statuses', ticket.status)} options={statuses.map((s) => ({ value: s, label: labelOf('ticket_statuses', s) }))} />;
}

/** The ticket's priority (the installation's SLA priorities, read as task priorities: the same default keys) and assignee (the workspace's users), saved on change. */
export function TicketPriority({ ticket, label, shown }: { ticket: Ticket; label: string; shown: string }) {
  const me = useMe();
  const labelOf = useLabels();
  const priorities = Object.keys(me.app.ticket_sla_hours ?? {});
  const options = (priorities.includes(ticket.priority) ? priorities : [ticket.priority, ...priorities]).map((p) => ({ value: p, label: labelOf('task_priorities', p) }));
  return <TicketChoice ticket={ticket} field="priority" label={label} value={ticket.priority} shown={shown} options={options} />;
}

export function TicketAssignee({ ticket, label, none }: { ticket: Ticket; label: string; none: string }) {
  const me = useMe();
  const options = [{ value: '', label: none }, ...me.users.map((u) => ({ value: String(u.id), label: u.full_name }))];
  return <TicketChoice ticket={ticket} field="assignee_id" label={label} value={ticket.assignee ? String(ticket.assignee.id) : ''} shown={ticket.assignee?.full_name ?? ''} options={options} />;
}

function TicketChoice({ ticket, field, label, value, shown, options }: { ticket: Ticket; field: Editable; label: string; value: string; shown: string; options: { value: string; label: string }[] }) {
  const text = useTicketText();
  const written = useTicketsWritten();
  // the chosen value is held from the change event until the save settles (react-query reports it pending a tick later)
  const [chosen, setChosen] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (v: string) => {
      const body = field === 'assignee_id' ? { assignee_id: v ? Number(v) : null } : { [field]: v };
      return must(await api.PATCH('/api/v1/tickets/{id}', { params: { path: { id: ticket.id } }, body })).ticket;
    },
    onSuccess: (t) => {
      written(t);
    },
    onSettled: () => setChosen(null),
  });
  if (!ticket.can_edit) return <>{shown}</>;
  return (
    <span className="or-status">
      <select
        aria-label={label}
        value={chosen ?? value}
        disabled={chosen !== null}
        onChange={(e) => {
          setChosen(e.target.value);
          save.mutate(e.target.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span aria-live="polite" className="sr-only">
        {save.isSuccess ? text('saved') : ''}
      </span>
      <FormError error={save.error} />
    </span>
  );
}
