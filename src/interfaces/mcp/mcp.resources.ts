import { Injectable } from '@nestjs/common';
import { ErrorCode, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { toDomainError } from '../../edge/error-mapping';
import { CompaniesService } from '../../domain/crm/companies/companies.service';
import { LeadsService } from '../../domain/crm/leads/leads.service';
import { OpportunitiesService } from '../../domain/crm/opportunities/opportunities.service';
import { PeopleService } from '../../domain/crm/people/people.service';
import { recordPath } from '../../domain/crm/shared/record-keys';
import { TasksService } from '../../domain/crm/tasks/tasks.service';
import type { UserContext } from '../../domain/identity/auth-context';
import { MODULES, type ModuleName } from '../../domain/workspace/defaults';
import { taskViewCompact } from '../../domain/crm/tasks/task.view';
import { leadCompact } from '../../domain/crm/leads/lead.view';
import { personCompact } from '../../domain/crm/people/person.view';
import { companyCompact } from '../../domain/crm/companies/company.view';
import { opportunityDetailCompact } from '../../domain/crm/opportunities/opportunity.view';

/** A JSON-RPC error with this code and message (McpError would prefix the message with "MCP error <code>: "). */
export const rpcError = (code: number, message: string, data?: unknown): Error => Object.assign(new Error(message), { code, data });

/** MCP's "resource not found" (the spec's -32002). */
export const RESOURCE_NOT_FOUND = -32002;
/** resources/list: records per page, and per kind at most (the newest: a bounded list, not an export). */
export const RESOURCES_PAGE = 25;
export const RESOURCES_PER_KIND = 50;

type Kind = 'company' | 'person' | 'opportunity' | 'lead' | 'task';
interface Listed {
  id: number;
  name: string;
}
interface KindDef {
  kind: Kind;
  /** The URI segment: crm://<plural>/{id}. */
  plural: string;
  module: ModuleName;
  title: string;
  list: (auth: UserContext, limit: number, cursor?: string) => Promise<{ items: Listed[]; nextCursor: string | null }>;
  read: (auth: UserContext, id: number) => Promise<{ name: string; body: object }>;
}

const URI = /^crm:\/\/([a-z]+)\/([1-9]\d{0,9})$/;

/**
 * CRM records as MCP resources: `crm://companies/{id}`, `crm://people/{id}`, `crm://opportunities/{id}`,
 * `crm://leads/{id}`, `crm://tasks/{id}` (one template per kind the caller's modules allow). A read is the
 * record's service call (visibility: what the caller may not see is "resource not found"), answered as
 * JSON (the record as the tools answer it) with its page in the web app as `url`. resources/list names
 * the newest records the caller may see, kind by kind, at most 50 of each, 25 per page.
 */
@Injectable()
export class McpResources {
  private readonly kinds: KindDef[];

  constructor(companies: CompaniesService, people: PeopleService, opps: OpportunitiesService, leads: LeadsService, tasks: TasksService) {
    this.kinds = [
      {
        kind: 'company',
        plural: 'companies',
        module: MODULES.customers,
        title: 'Company',
        list: async (auth, limit, cursor) => {
          const p = await companies.list(auth, { limit, cursor });
          return { items: p.items.map((c) => ({ id: c.id, name: c.name })), nextCursor: p.nextCursor };
        },
        read: async (auth, id) => {
          const c = (await companies.get(auth, id)).company;
          return { name: c.name, body: { ...companyCompact(c), sector: c.sector, address: c.address, note: c.note } };
        },
      },
      {
        kind: 'person',
        plural: 'people',
        module: MODULES.customers,
        title: 'Person',
        list: async (auth, limit, cursor) => {
          const p = await people.list(auth, { limit, cursor });
          return { items: p.items.map((x) => ({ id: x.id, name: x.name })), nextCursor: p.nextCursor };
        },
        read: async (auth, id) => {
          const one = await people.get(auth, id);
          return { name: one.person.name, body: personCompact(one.person, one.views.customerNames) };
        },
      },
      {
        kind: 'opportunity',
        plural: 'opportunities',
        module: MODULES.opportunities,
        title: 'Opportunity',
        list: async (auth, limit, cursor) => {
          const p = await opps.list(auth, { limit, cursor });
          return { items: p.items.map((v) => ({ id: v.opp.id, name: v.opp.name })), nextCursor: p.nextCursor };
        },
        read: async (auth, id) => {
          const d = opportunityDetailCompact(await opps.get(auth, id));
          return { name: d.name, body: d };
        },
      },
      {
        kind: 'lead',
        plural: 'leads',
        module: MODULES.leads,
        title: 'Lead',
        list: async (auth, limit, cursor) => {
          const p = await leads.list(auth, { limit, cursor });
          return { items: p.items.map((l) => ({ id: l.id, name: l.company })), nextCursor: p.nextCursor };
        },
        read: async (auth, id) => {
          const l = leadCompact(await leads.get(auth, id));
          return { name: l.company, body: l };
        },
      },
      {
        kind: 'task',
        plural: 'tasks',
        module: MODULES.activities,
        title: 'Task',
        list: async (auth, limit, cursor) => {
          const p = await tasks.list(auth, { limit, cursor, open: 'true' });
          return { items: p.items.map((v) => ({ id: v.task.id, name: v.task.title })), nextCursor: p.nextCursor };
        },
        read: async (auth, id) => {
          const t = taskViewCompact(await tasks.get(auth, id));
          return { name: t.title, body: t };
        },
      },
    ];
  }

  private allowed(auth: UserContext): KindDef[] {
    return this.kinds.filter((k) => auth.modules.includes(k.module));
  }

  templates(auth: UserContext, revision: string): ResourceTemplate[] {
    return this.allowed(auth).map((k) => ({
      uriTemplate: `crm://${k.plural}/{id}`,
      name: k.plural,
      ...(revision >= '2025-06-18' ? { title: `${k.title} by id` } : {}),
      description: `One ${k.kind} the user may see, by its id, as JSON with its page in the CRM as url.`,
      mimeType: 'application/json',
    }));
  }

  /**
   * A page of the newest records the caller may see. The cursor (opaque: base64url JSON) holds the kind,
   * the kind's own list cursor and how many of it were listed.
   */
  async list(auth: UserContext, revision: string, baseUrl: string, cursor?: string): Promise<{ resources: Resource[]; nextCursor?: string }> {
    const kinds = this.allowed(auth);
    const at = parseCursor(cursor);
    let i = kinds.findIndex((k) => k.kind === at.kind);
    if (at.kind && i < 0) throw rpcError(ErrorCode.InvalidParams, 'invalid cursor');
    if (i < 0) i = 0;
    const k = kinds[i];
    if (!k) return { resources: [] };
    const take = Math.min(RESOURCES_PAGE, RESOURCES_PER_KIND - at.seen);
    const page = await k.list(auth, take, at.cursor).catch((e: unknown) => {
      const err = toDomainError(e);
      if (err.code === 'invalid') throw rpcError(ErrorCode.InvalidParams, 'invalid cursor');
      throw e;
    });
    const resources = page.items.map((r) => ({
      uri: `crm://${k.plural}/${r.id}`,
      name: r.name,
      ...(revision >= '2025-06-18' ? { title: r.name } : {}),
      description: `${k.title} ${r.id}: ${baseUrl}${recordPath(k.kind, r.id)}`,
      mimeType: 'application/json',
    }));
    const seen = at.seen + page.items.length;
    let next: Cursor | null = null;
    if (page.nextCursor && seen < RESOURCES_PER_KIND) next = { kind: k.kind, cursor: page.nextCursor, seen };
    else if (kinds[i + 1]) next = { kind: kinds[i + 1]!.kind, seen: 0 };
    return next ? { resources, nextCursor: Buffer.from(JSON.stringify(next)).toString('base64url') } : { resources };
  }

  /** resources/read: the record by its URI through its service; invisible, missing or of a module the caller lacks: -32002. */
  async read(auth: UserContext, uri: string, baseUrl: string): Promise<ReadResourceResult> {
    const m = URI.exec(uri);
    const k = m ? this.kinds.find((x) => x.plural === m[1]) : undefined;
    if (!m || !k) throw rpcError(ErrorCode.InvalidParams, 'unknown resource URI: expected crm://<companies|people|opportunities|leads|tasks>/<id>', { uri: uri.slice(0, 200) });
    if (!auth.modules.includes(k.module)) throw rpcError(RESOURCE_NOT_FOUND, `Resource not found: the ${k.module} module is off for this user or workspace`, { uri });
    const id = Number(m[2]);
    if (id > 2_147_483_647) throw rpcError(RESOURCE_NOT_FOUND, 'Resource not found', { uri });
    try {
      const r = await k.read(auth, id);
      const url = baseUrl + recordPath(k.kind, id);
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify({ ...r.body, url }) }] };
    } catch (e) {
      const err = toDomainError(e);
      if (err.code === 'not_found') throw rpcError(RESOURCE_NOT_FOUND, `Resource not found: ${err.message}`, { uri });
      throw e;
    }
  }
}

interface Cursor {
  kind?: Kind;
  cursor?: string;
  seen: number;
}

function parseCursor(raw: string | undefined): Cursor {
  if (raw === undefined) return { seen: 0 };
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
    if (typeof c.kind === 'string' && (c.cursor === undefined || typeof c.cursor === 'string') && Number.isInteger(c.seen) && c.seen >= 0 && c.seen < RESOURCES_PER_KIND) return c;
  } catch {
    // falls through
  }
  throw rpcError(ErrorCode.InvalidParams, 'invalid cursor');
}
