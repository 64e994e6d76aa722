import { formatTimestamp } from '../../platform/common/time';
import type { JsonMap } from '../../platform/database/tenant-entity';
import { absoluteUrl } from '../workspace/link-base';

/** What a delivery needs to know of its workspace. */
export interface WorkspaceInfo {
  id: number;
  timezone: string;
  /** `workspace` of the body: the installation's company name. */
  company: string;
  /** `app` of the body: the application name. */
  appName: string;
  /** Absolute base of record links (src/domain/workspace/link-base.ts). */
  baseUrl: string;
}

export interface EventContent {
  event: string;
  title: string;
  text: string;
  /** Path of the record in the CRM (made absolute here) or an absolute URL. */
  url: string;
  data: JsonMap;
}

/** The 6.2 body, in the spec's field order. */
export interface WebhookBody {
  event: string;
  title: string;
  text: string;
  url: string;
  data: JsonMap;
  workspace: string;
  app: string;
  sent_at: string;
}

export { absoluteUrl };

export function buildBody(ev: EventContent, ws: WorkspaceInfo, now: Date): WebhookBody {
  return {
    event: ev.event,
    title: ev.title,
    text: ev.text,
    url: absoluteUrl(ws.baseUrl, ev.url),
    data: ev.data ?? {},
    workspace: ws.company,
    app: ws.appName,
    sent_at: formatTimestamp(now, ws.timezone)!,
  };
}

declare module '../../platform/outbox/event-kinds' {
  interface EventNames {
    /** A connection's test delivery: no feature records it, so it is no registered kind (nothing subscribes to it). */
    test: true;
  }
}

/** The test delivery of a connection (spec 6: `event: "test"`, not tied to a record). */
export function testEvent(appName: string): EventContent {
  return { event: 'test', title: 'Test delivery', text: `Test delivery from ${appName}: the connection works.`, url: '/', data: {} };
}
