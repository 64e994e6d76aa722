import type { z } from 'zod';
import type { KeyedRecord, SearchResult } from '../../../domain/crm/search';
import { recordPath, rid } from '../../../domain/crm/shared/record-keys';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { SearchItem, SearchResponse } from './search.schema';

type Item = z.output<typeof SearchItem>;
type Kind = Item['kind'];
type Parent = NonNullable<Item['parent']>;

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(' · ');
const KEY_LETTER: Record<KeyedRecord['kind'], 'C' | 'P' | 'O' | 'L' | 'A'> = { company: 'C', person: 'P', opportunity: 'O', lead: 'L', activity: 'A' };

/** The search result as items with absolute record URLs under `baseUrl` (the workspace's configured link base, never the request's host). */
export function toSearchResponse(r: SearchResult, q: string, ws: Workspace, baseUrl: string): z.output<typeof SearchResponse> {
  const url = (type: Parameters<typeof recordPath>[0], id: number) => baseUrl + recordPath(type, id);
  const items: Item[] = [];
  const kinds: Kind[] = [];
  const more: Kind[] = [];
  const seen = (kind: Kind, page: { nextCursor: string | null } | null) => {
    if (!page) return false;
    kinds.push(kind);
    if (page.nextCursor) more.push(kind);
    return true;
  };
  // the company a task, activity or order belongs to, else its opportunity; only those the caller may see (parents)
  const parent = (customerId: number | null, oppId: number | null): Parent | null => {
    const company = customerId ? r.parents.companies.get(customerId) : undefined;
    if (company !== undefined) return { kind: 'company', id: customerId!, rid: rid('C', customerId!), name: company };
    const opp = oppId ? r.parents.opportunities.get(oppId) : undefined;
    return opp !== undefined ? { kind: 'opportunity', id: oppId!, rid: rid('O', oppId!), name: opp } : null;
  };
  if (seen('company', r.companies)) {
    for (const c of r.companies!.items) items.push({ kind: 'company', id: c.id, rid: rid('C', c.id), name: c.name, subtitle: line(c.city, c.sector), url: url('company', c.id) });
  }
  if (seen('person', r.people)) {
    const names = r.people!.views.customerNames;
    for (const p of r.people!.items) {
      items.push({ kind: 'person', id: p.id, rid: rid('P', p.id), name: p.name, subtitle: line(p.title, p.customerId ? names.get(p.customerId) : ''), url: url('person', p.id) });
    }
  }
  if (seen('opportunity', r.opportunities)) {
    const labels = ws.constants.stage_labels;
    for (const v of r.opportunities!.items) {
      const o = v.opp;
      items.push({ kind: 'opportunity', id: o.id, rid: rid('O', o.id), name: o.name, subtitle: line(v.customer?.name, labels[o.stage] ?? o.stage), url: url('opportunity', o.id) });
    }
  }
  if (seen('task', r.tasks)) {
    for (const t of r.tasks!.items) {
      items.push({ kind: 'task', id: t.id, rid: '', name: t.title, subtitle: t.status, url: url('task', t.id), parent: parent(t.customerId, t.oppId), date: t.dueDate });
    }
  }
  if (seen('activity', r.activities)) {
    for (const a of r.activities!.items) {
      const name = a.topic.trim() || a.type;
      items.push({ kind: 'activity', id: a.id, rid: rid('A', a.id), name, subtitle: line(a.type === name ? '' : a.type, a.outcome), url: url('activity', a.id), parent: parent(a.customerId, a.oppId), date: a.date });
    }
  }
  if (seen('order', r.orders)) {
    for (const o of r.orders!.items) {
      items.push({ kind: 'order', id: o.id, rid: '', name: o.customerPo, subtitle: o.status, url: url('order', o.id), parent: parent(o.customerId, o.oppId), date: o.date });
    }
  }
  const x = r.exact;
  const exact: Item | null = x ? { kind: x.kind, id: x.id, rid: rid(KEY_LETTER[x.kind], x.id), name: x.name, subtitle: '', url: url(x.kind, x.id) } : null;
  return { ok: true as const, q, kinds, items, more, exact };
}
