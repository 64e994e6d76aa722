import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import type { Picked } from '../../shell/RecordPicker';
import { companyKeys } from '../companies/queries';

type Page = Schemas['OpportunityList'];

/**
 * The one react-query key scheme of opportunities: everything under `['opps']` (board, list, record, the pickers'
 * and the lead conversion's open opportunities of a company), so a write refreshes them at once; the company
 * record (`companyKeys.detail`) lists them too.
 */
export const oppKeys = {
  all: ['opps'] as const,
  board: ['opps', 'board'] as const,
  list: (filters: object) => ['opps', 'list', filters] as const,
  detail: (id: number) => ['opps', 'detail', id] as const,
  /** a company's open opportunities, for the pickers of tasks and orders */
  open: (customerId: number | undefined) => ['opps', 'open', customerId] as const,
  /** a company's open opportunities (100), offered by the lead's conversion */
  convert: (customerId: number | null) => ['opps', 'convert', customerId] as const,
};

/** The board asks for the open opportunities a page of 200 at a time (the API's largest page); more on demand. */
const BOARD_PAGE = 200;

/** The board's one list call: the open opportunities, 200 a page. */
export function useBoard() {
  return useInfiniteQuery({
    queryKey: oppKeys.board,
    queryFn: async ({ pageParam }) =>
      must(await api.GET('/api/v1/opportunities', { params: { query: { status: 'open', limit: BOARD_PAGE, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '' as string,
    getNextPageParam: (last: Page) => last.next_cursor || undefined,
  });
}

/** The opportunity list by its filters, `limit` a page. */
export function useOppList(filters: { stage?: string; owner_id?: number; status?: 'open' | 'closed'; q?: string }, limit: number) {
  return useInfiniteQuery({
    queryKey: oppKeys.list(filters),
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/opportunities', { params: { query: { ...filters, limit, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: '' as string,
    getNextPageParam: (last: Page) => last.next_cursor || undefined,
  });
}

/** One opportunity (the record's cache entry, shared by every screen that names it), when `id` is given. */
export function useOpp(id: number | undefined) {
  return useQuery({
    queryKey: oppKeys.detail(id ?? 0),
    queryFn: async () => must(await api.GET('/api/v1/opportunities/{id}', { params: { path: { id: id! } } })).opp,
    enabled: id !== undefined && Number.isSafeInteger(id),
  });
}

/**
 * After a write that answered the opportunity: the answer replaces the cached record (no second read), and
 * every other screen that shows opportunities (board, list, pickers, company records) reads again.
 */
export function useOppWritten(): (o: Schemas['Opportunity'], opts?: { previousCustomerId?: number; except?: readonly (readonly unknown[])[] }) => void {
  const qc = useQueryClient();
  return (o, opts = {}) => {
    const record = oppKeys.detail(o.id);
    qc.setQueryData(record, o);
    const kept = [record, ...(opts.except ?? [])];
    const isKept = (key: readonly unknown[]) => kept.some((k) => k.every((part, i) => key[i] === part));
    void qc.invalidateQueries({ queryKey: oppKeys.all, predicate: (q) => !isKept(q.queryKey) });
    void qc.invalidateQueries({ queryKey: companyKeys.detail(o.customer_id) });
    if (opts.previousCustomerId && opts.previousCustomerId !== o.customer_id) void qc.invalidateQueries({ queryKey: companyKeys.detail(opts.previousCustomerId) });
  };
}

/** A company's open opportunities by name (`q`), at most 20: the pickers' search. */
export const searchOpenOpportunities =
  (customerId: number) =>
  async (q: string): Promise<Picked[]> =>
    must(await api.GET('/api/v1/opportunities', { params: { query: { customer_id: customerId, status: 'open', limit: 20, ...(q ? { q } : {}) } } })).items.map((o) => ({
      id: o.id,
      name: o.name,
      hint: o.stage_label,
    }));
