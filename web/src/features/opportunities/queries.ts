import { useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '../../lib/api';

/**
 * The one react-query key scheme of opportunities: everything under `['opps']`, so a write refreshes the
 * board, the list, the pickers and the record at once; the company record (`['company', id]`) lists them too.
 */
export const oppKeys = {
  all: ['opps'] as const,
  board: ['opps', 'board'] as const,
  list: (filters: object) => ['opps', 'list', filters] as const,
  record: (id: number) => ['opps', 'record', id] as const,
  /** a company's open opportunities, for the pickers of tasks and orders */
  open: (customerId: number | undefined) => ['opps', 'open', customerId] as const,
};

/**
 * After a write that answered the opportunity: the answer replaces the cached record (no second read), and
 * every other screen that shows opportunities (board, list, pickers, company records) reads again.
 */
export function useOppWritten(): (o: Schemas['Opportunity'], opts?: { previousCustomerId?: number; except?: readonly (readonly unknown[])[] }) => void {
  const qc = useQueryClient();
  return (o, opts = {}) => {
    const record = oppKeys.record(o.id);
    qc.setQueryData(record, o);
    const kept = [record, ...(opts.except ?? [])];
    const isKept = (key: readonly unknown[]) => kept.some((k) => k.every((part, i) => key[i] === part));
    void qc.invalidateQueries({ queryKey: oppKeys.all, predicate: (q) => !isKept(q.queryKey) });
    void qc.invalidateQueries({ queryKey: ['company', o.customer_id] });
    if (opts.previousCustomerId && opts.previousCustomerId !== o.customer_id) void qc.invalidateQueries({ queryKey: ['company', opts.previousCustomerId] });
  };
}
