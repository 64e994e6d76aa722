import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CompaniesService } from '../../../domain/crm/companies/companies.service';
import { PeopleService } from '../../../domain/crm/people/people.service';
import { OpportunitiesService } from '../../../domain/crm/opportunities/opportunities.service';
import { LeadsService } from '../../../domain/crm/leads/leads.service';
import { TasksService } from '../../../domain/crm/tasks/tasks.service';
import { ObjectRecordsService } from '../../../domain/crm/objects/object-records.service';
import { ObjectTypesService } from '../../../domain/crm/objects/object-types.service';
import { EXPORT_BATCH } from '../../../domain/crm/shared/paging';
import { todayIn } from '../../../platform/common/time';
import { callerView } from '../shared/common.mapper';
import { companyPageView } from '../../../domain/crm/companies/company.view';
import { personPageView } from '../../../domain/crm/people/person.view';
import { opportunityPageView } from '../../../domain/crm/opportunities/opportunity.view';
import { leadPageView } from '../../../domain/crm/leads/lead.view';
import { taskPageView } from '../../../domain/crm/tasks/task.view';
import { objectRecordPageView } from '../../../domain/crm/objects/object.view';
import { CompanyList } from '../companies/company.schema';
import { PersonList } from '../people/person.schema';
import { OpportunityList } from '../opportunities/opportunity.schema';
import { LeadList } from '../leads/lead.schema';
import { TaskList } from '../tasks/task.schema';
import { CustomObjectRecordList } from '../objects/object.schema';
import { companyListQuery, type CompanyListQueryDto } from '../companies/companies.dto';
import type { PersonListQueryDto } from '../people/people.dto';
import type { OpportunityListQueryDto } from '../opportunities/opportunities.dto';
import type { LeadListQueryDto } from '../leads/leads.dto';
import { listQuery } from '../shared/fields-dto';
import type { TaskListQueryDto } from '../tasks/tasks.dto';
import { objectRecordListQuery, type ObjectRecordListQueryDto } from '../objects/objects.dto';
import {
  CompanyExportQueryDto,
  type ExportOptionsDto,
  LeadExportQueryDto,
  ObjectRecordExportQueryDto,
  OpportunityExportQueryDto,
  PersonExportQueryDto,
  TaskExportQueryDto,
} from './export.dto';
import { MODULES, type ModuleName } from '../../../domain/workspace/defaults';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { UsersService } from '../../../domain/identity/users.service';
import { ProfileService } from '../../../domain/identity/profile.service';
import { DomainError } from '../../../platform/common/errors';
import { CrmValidationPipe } from '../../../edge/validation';
import { ExportLinks } from '../../../edge/export-links';
import { columnsOf, rowOf, type ExportColumn } from './columns';
import { CONTENT_TYPES, sheetWriter } from './writers';

/** The lists that export (REST `/{kind}/export`, the MCP tool's links). */
export const EXPORT_KINDS = ['companies', 'people', 'opportunities', 'leads', 'tasks', 'objects'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The module each export needs, as its list route does. */
export const EXPORT_MODULES: Record<ExportKind, ModuleName> = {
  companies: MODULES.customers,
  people: MODULES.customers,
  opportunities: MODULES.opportunities,
  leads: MODULES.leads,
  tasks: MODULES.activities,
  objects: MODULES.customers,
};

/** The query DTO of each export, for a query that comes in a link rather than the request. */
const EXPORT_DTOS: Record<ExportKind, new () => ExportOptionsDto> = {
  companies: CompanyExportQueryDto,
  people: PersonExportQueryDto,
  opportunities: OpportunityExportQueryDto,
  leads: LeadExportQueryDto,
  tasks: TaskExportQueryDto,
  objects: ObjectRecordExportQueryDto,
};

type Item = Record<string, unknown>;
type ListPage = { items: unknown[]; next_cursor: string | null };
const EMPTY_PAGE: ListPage = { items: [], next_cursor: null };

/** A source's page reader: a domain page through the kind's read model (the rows REST lists answer). */
const viewed =
  <P extends { nextCursor: string | null }>(read: (cursor: string | undefined) => Promise<P>, view: (p: P) => unknown[]) =>
  async (cursor: string | undefined): Promise<ListPage> => {
    const p = await read(cursor);
    return { items: view(p), next_cursor: p.nextCursor };
  };

/** A list to export: its columns and its pages, each read as the list route reads it. */
interface Source {
  columns: ExportColumn[];
  page(cursor: string | undefined): Promise<ListPage>;
}

/** The item schema of a list answer (`{ok, items: [Item], next_cursor}`). */
const itemOf = (list: z.ZodObject): z.ZodType => (list.shape.items as z.ZodArray).element as z.ZodType;

/** Options and the list's own filters, as the route's DTO validated them. */
type Query<T> = Omit<T, 'limit' | 'cursor'> & ExportOptionsDto;

/**
 * Exports a list route's records: the same service call with the same filters, sort and visibility, page
 * after page (each a keyset page of EXPORT_BATCH rows, O(page) like any list page), mapped by the list's own
 * REST mapper, so the file shows what the API shows (docs/decisions/import-export.md).
 */
@Injectable()
export class ExportService {
  private readonly log = new Logger(ExportService.name);

  constructor(
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
    private readonly opps: OpportunitiesService,
    private readonly leads: LeadsService,
    private readonly tasks: TasksService,
    private readonly records: ObjectRecordsService,
    private readonly types: ObjectTypesService,
    private readonly users: UsersService,
    private readonly profiles: ProfileService,
    private readonly links: ExportLinks,
  ) {}

  /**
   * Serves an export link (MCP `export_records`): the export its grant names, run as the user who asked for
   * it with the modules and visibility that user has now (a user deactivated or moved since sees what they
   * would see now, or nothing), its query validated as the route's own query is.
   */
  async sendLink(res: Response, ws: Workspace, token: string): Promise<void> {
    const grant = this.links.open(token, ws.id);
    const kind = grant.kind as ExportKind;
    if (!EXPORT_KINDS.includes(kind)) throw new DomainError('not_found', 'this export link is unknown or has expired; ask for a new one');
    const user = (await this.users.byIds(ws.id, [grant.userId])).get(grant.userId);
    if (!user?.active) throw new DomainError('not_found', 'this export link is unknown or has expired; ask for a new one');
    const auth: UserContext = { workspace: ws, user, credential: grant.credential, modules: this.profiles.forLogin(ws, user).modules };
    if (!auth.modules.includes(EXPORT_MODULES[kind])) throw new DomainError('module', `the ${EXPORT_MODULES[kind]} module is off for this user or workspace`);
    const q = (await new CrmValidationPipe().transform(grant.query, { type: 'query', metatype: EXPORT_DTOS[kind] })) as never;
    const name = kind === 'objects' ? (grant.objectKey ?? '') : kind;
    await this.send(res, auth, name, await this.sourceOf(auth, kind, q, grant.objectKey), q);
  }

  /** The source of one kind of export (the REST routes call the per-kind methods directly, with their typed DTOs). */
  private sourceOf(auth: UserContext, kind: ExportKind, q: never, objectKey?: string): Source | Promise<Source> {
    switch (kind) {
      case 'companies':
        return this.companiesOf(auth, q);
      case 'people':
        return this.peopleOf(auth, q);
      case 'opportunities':
        return this.opportunitiesOf(auth, q);
      case 'leads':
        return this.leadsOf(auth, q);
      case 'tasks':
        return this.tasksOf(auth, q);
      case 'objects':
        return this.objectsOf(auth, objectKey ?? '', q);
    }
  }

  companiesOf(auth: UserContext, q: Query<CompanyListQueryDto>): Source {
    const ws = callerView(auth);
    return { columns: columnsOf(itemOf(CompanyList)), page: viewed((cursor) => this.companies.list(auth, { ...companyListQuery(q), limit: EXPORT_BATCH, batch: true, cursor }), (p) => companyPageView(p, ws)) };
  }

  peopleOf(auth: UserContext, q: Query<PersonListQueryDto>): Source {
    const ws = callerView(auth);
    return { columns: columnsOf(itemOf(PersonList)), page: viewed((cursor) => this.people.list(auth, { ...listQuery(q), limit: EXPORT_BATCH, batch: true, cursor }), (p) => personPageView(p, ws)) };
  }

  opportunitiesOf(auth: UserContext, q: Query<OpportunityListQueryDto>): Source {
    const ws = callerView(auth);
    const query = { stage: q.stage, owner_id: q.owner_id, customer_id: q.customer_id, status: q.status, q: q.q, external_id: q.external_id, sort: q.sort, updatedSince: q.updated_since };
    return { columns: columnsOf(itemOf(OpportunityList)), page: viewed((cursor) => this.opps.list(auth, { ...query, limit: EXPORT_BATCH, batch: true, cursor }), (p) => opportunityPageView(p, ws)) };
  }

  leadsOf(auth: UserContext, q: Query<LeadListQueryDto>): Source {
    const ws = callerView(auth);
    return { columns: columnsOf(itemOf(LeadList)), page: viewed((cursor) => this.leads.list(auth, { ...listQuery(q), limit: EXPORT_BATCH, batch: true, cursor }), (p) => leadPageView(p, ws)) };
  }

  tasksOf(auth: UserContext, q: Query<TaskListQueryDto>): Source {
    const ws = callerView(auth);
    const { format: _f, bom: _b, delimiter: _d, ...query } = q;
    return { columns: columnsOf(itemOf(TaskList)), page: viewed((cursor) => this.tasks.list(auth, { ...query, limit: EXPORT_BATCH, batch: true, cursor }), (p) => taskPageView(p, ws)) };
  }

  async objectsOf(auth: UserContext, key: string, q: Query<ObjectRecordListQueryDto>): Promise<Source> {
    const type = await this.types.byKey(auth, key);
    const ws = callerView(auth);
    const columns = columnsOf(itemOf(CustomObjectRecordList), { fields: type.fields.map((f) => f.key) });
    return { columns, page: viewed((cursor) => this.records.list(auth, key, { ...objectRecordListQuery(q), limit: EXPORT_BATCH, batch: true, cursor }), (p) => objectRecordPageView(p, ws)) };
  }

  /**
   * Streams the source to `res`. The first page is read before anything is sent, so a refused filter (an
   * unknown stage, a bad date) is still a 4xx; a failure after the first row can only cut the download.
   */
  async send(res: Response, auth: UserContext, name: string, source: Source, o: ExportOptionsDto): Promise<void> {
    const format = o.format ?? 'csv';
    let page = await source.page(undefined);
    const file = `${name}-${todayIn(auth.workspace.timezone)}.${format}`;
    res.status(200);
    res.setHeader('Content-Type', format === 'csv' ? `${CONTENT_TYPES.csv}; charset=utf-8` : CONTENT_TYPES.xlsx);
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.setHeader('Cache-Control', 'no-store');
    const out = sheetWriter(res, source.columns.map((c) => c.header), { format, delimiter: o.delimiter ?? ',', bom: o.bom ?? false, sheet: name });
    try {
      for (;;) {
        // the next page is read while this one is written: the database's work and ours overlap instead of
        // taking turns (two pages in memory at most); a read left behind by a client gone away is not awaited
        const ahead = page.next_cursor ? source.page(page.next_cursor) : undefined;
        ahead?.catch(() => undefined);
        for (const item of page.items) out.row(rowOf(source.columns, item as Item));
        page = EMPTY_PAGE;
        await out.drain();
        // a client that went away stops the reading: nothing more is queried for it
        if (res.destroyed) return;
        if (!ahead) break;
        page = await ahead;
      }
      await out.end();
    } catch (err) {
      this.log.error(`export of ${name} cut off: ${err instanceof Error ? err.message : String(err)}`);
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  }
}
