import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';

export type Webhook = Schemas['Webhook'];
export type WebhookKind = Webhook['kind'];
export type WebhookEvent = Webhook['events'][number];

/** The one react-query key scheme of webhook connections: `list()` the Apps list, `detail(id)` one connection, `deliveries(id)` its log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  detail: (id: number) => ['webhooks', 'detail', id] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: async () => must(await api.GET('/api/v1/webhooks')).items });
}

export function useWebhook(id: number) {
  return useQuery({ queryKey: webhookKeys.detail(id), queryFn: async () => must(await api.GET('/api/v1/webhooks/{id}', { params: { path: { id } } })).webhook, enabled: Number.isSafeInteger(id) });
}

export function useDeliveries(id: number) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: async () => must(await api.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id } } })).items, enabled: Number.isSafeInteger(id) });
}

/** After a write of connections (or a test, replay or resend): every screen of them reads again (the list shows the latest result). */
export function useWebhooksWritten(): () => void {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: webhookKeys.all });
}
