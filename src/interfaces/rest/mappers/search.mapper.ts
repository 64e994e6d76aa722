import type { z } from 'zod';
import type { SearchResult } from '../../../domain/crm/search';
import { recordPath, rid } from '../../../domain/crm/shared/record-keys';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { SearchItem, SearchResponse } from '../schemas/search.schema';

type Item = z.output<typeof SearchItem>;
type Kind = Item['kind'];

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(' · ');

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
  return { ok: true as const, q, kinds, items, more };
}
