import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { meKeys } from '../../lib/session';
import { companyKeys } from '../companies/queries';

/**
 * The one react-query key scheme of e-mail: the user's mailbox, threads, a message's delivery, compose's
 * defaults. A company's threads are part of what its record shows, so they sit under `companyKeys.detail`: a
 * write that refreshes the company refreshes them too.
 */
export const mailKeys = {
  all: ['mail'] as const,
  mailbox: () => ['mail', 'mailbox'] as const,
  thread: (id: number | undefined) => ['mail', 'thread', id] as const,
  companyThreads: (customerId: number) => [...companyKeys.detail(customerId), 'threads'] as const,
  compose: (customerId: number | undefined, oppId: number | undefined) => ['mail', 'compose', customerId, oppId] as const,
  message: (id: number | undefined) => ['mail', 'message', id] as const,
};

export function useMailbox() {
  return useQuery({ queryKey: mailKeys.mailbox(), queryFn: async () => must(await api.GET('/api/v1/me/mailbox')) });
}

type MailboxAnswer = Schemas['MailboxResponse'];

/** After a write of the mailbox that answered it: the answer replaces it, and `me` (which says whether mail is connected) reads again. */
export function useMailboxAnswered(): (answer: MailboxAnswer) => void {
  const qc = useQueryClient();
  return (answer) => {
    qc.setQueryData(mailKeys.mailbox(), answer);
    void qc.invalidateQueries({ queryKey: meKeys.all });
  };
}

/** The mailbox read again (a failed connection attempt, a sync). */
export function useMailboxStale(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: mailKeys.mailbox() });
}

/** After an e-mail was sent: the company's threads read again when next shown (a new thread, or a reply's count). */
export function useMailSent(): (customerId: number) => void {
  const qc = useQueryClient();
  return (customerId) => void qc.invalidateQueries({ queryKey: mailKeys.companyThreads(customerId) });
}

/** Compose's defaults for a company (and opportunity): recipients, the signature. */
export function useComposeDefaults(customerId: number | undefined, oppId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: mailKeys.compose(customerId, oppId),
    enabled,
    queryFn: async () => must(await api.GET('/api/v1/emails/compose', { params: { query: { customer_id: customerId, opp_id: oppId } } })),
  });
}

/** A sent message's delivery, asked every second until it is sent or failed. */
export function useDelivery(id: number | undefined) {
  return useQuery({
    queryKey: mailKeys.message(id),
    enabled: id !== undefined,
    queryFn: async () => must(await api.GET('/api/v1/emails/{id}', { params: { path: { id: id! } } })).message,
    refetchInterval: (q) => (q.state.data && ['sent', 'failed'].includes(q.state.data.state) ? false : 1000),
  });
}

/** A company's threads (100 at most), for its record. */
export function useCompanyThreads(customerId: number) {
  return useQuery({
    queryKey: mailKeys.companyThreads(customerId),
    queryFn: async () => must(await api.GET('/api/v1/emails/threads', { params: { query: { customer_id: customerId } } })).items,
  });
}

/** A thread with its messages (the whole answer, which compose's reply reads too), when `id` is given. */
export function useThread(id: number | undefined) {
  return useQuery({
    queryKey: mailKeys.thread(id),
    enabled: id !== undefined,
    queryFn: async () => must(await api.GET('/api/v1/emails/threads/{id}', { params: { path: { id: id! } } })),
  });
}
