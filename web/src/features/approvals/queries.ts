import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';

type ApprovalQuery = { role: 'approver' | 'requester'; status?: 'pending'; limit: number };

/** The one react-query key scheme of approvals: the requests (`lists()`), the approval lists (`forms`), working days. */
export const approvalKeys = {
  all: ['approvals'] as const,
  lists: () => ['approvals', 'list'] as const,
  list: (query: ApprovalQuery) => ['approvals', 'list', query] as const,
  /** the approval lists a request picks from; `all` with the inactive ones (the admin's editor) */
  forms: (all = false) => (all ? (['approvals', 'forms', 'all'] as const) : (['approvals', 'forms'] as const)),
  workingDays: (start: string, end: string) => ['approvals', 'working-days', start, end] as const,
};

/** The approval lists a request may use. */
export function useApprovalForms() {
  return useQuery({ queryKey: approvalKeys.forms(), queryFn: async () => must(await api.GET('/api/v1/approvals/forms')).forms });
}

/** Every approval list, the inactive ones too (admins only). */
export function useAllApprovalForms(enabled: boolean) {
  return useQuery({ queryKey: approvalKeys.forms(true), queryFn: async () => must(await api.GET('/api/v1/approvals/forms', { params: { query: { all: 'true' } } })).forms, enabled });
}

/** The requests of the inbox or the user's own, paged. */
export function useApprovalList(query: ApprovalQuery) {
  return useInfiniteQuery({
    queryKey: approvalKeys.list(query),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => must(await api.GET('/api/v1/approvals', { params: { query: { ...query, cursor: pageParam } } })),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** A leave's working days between two dates, when both are given in order. */
export function useWorkingDays(start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.workingDays(start, end),
    enabled,
    queryFn: async () => must(await api.GET('/api/v1/approvals/working-days', { params: { query: { start, end } } })),
  });
}

/** After a request was sent, approved or rejected: every list of requests reads again. */
export function useApprovalsWritten(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: approvalKeys.lists() });
}

/** After an approval list was saved: the lists (both readings) read again. */
export function useApprovalFormsWritten(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: approvalKeys.forms() });
}
