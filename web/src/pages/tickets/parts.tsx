import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useOrderText } from '../orders/orders.text';

type Ticket = Schemas['Ticket'];

/** The ticket's status as a select that saves on change (PATCH), read-only text without edit rights. */
export function TicketStatus({ ticket, label }: { ticket: Ticket; label: string }) {
  const me = useMe();
  const labelOf = useLabels();
  const text = useOrderText();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: async (status: string) => must(await api.PATCH('/api/v1/tickets/{id}', { params: { path: { id: ticket.id } }, body: { status } })).ticket,
    onSuccess: (t) => {
      qc.setQueryData(['ticket', t.id], t);
      void qc.invalidateQueries({ queryKey: ['tickets'] });
    },
  });
  if (!ticket.can_edit) return <>{labelOf('ticket_statuses', ticket.status)}</>;
  const statuses = me.constants.ticket_statuses.includes(ticket.status) ? me.constants.ticket_statuses : [ticket.status, ...me.constants.ticket_statuses];
  return (
    <span className="or-status">
      <select aria-label={label} value={save.isPending ? save.variables : ticket.status} disabled={save.isPending} onChange={(e) => save.mutate(e.target.value)}>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {labelOf('ticket_statuses', s)}
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
