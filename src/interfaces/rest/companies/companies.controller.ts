import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { CompanyList, CompanyReadResponse, CompanyResponse } from './company.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { CompaniesService } from '../../../domain/crm/companies/companies.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CompanyGetQueryDto, companyIncludes, companyListQuery, CompanyListQueryDto, CreateCompanyDto, UpdateCompanyDto } from './companies.dto';
import { PeopleService } from '../../../domain/crm/people/people.service';
import { OpportunitiesService } from '../../../domain/crm/opportunities/opportunities.service';
import { ActivitiesService } from '../../../domain/crm/activities/activities.service';
import { TasksService } from '../../../domain/crm/tasks/tasks.service';
import { MODULES } from '../../../domain/workspace/defaults';
import { personPageView } from '../../../domain/crm/people/person.view';
import { opportunityPageView } from '../../../domain/crm/opportunities/opportunity.view';
import { activityPageView } from '../../../domain/crm/activities/activity.view';
import { taskPageView } from '../../../domain/crm/tasks/task.view';

/** Page size of each list GET /companies/{id} carries along. */
const INCLUDED_LIMIT = 20;
/** A domain page through its read model. */
const pageView = async <P extends { nextCursor: string | null }, T>(p: Promise<P>, view: (p: P) => T[]) => {
  const r = await p;
  return { items: view(r), next_cursor: r.nextCursor };
};
import { companyPageView, companyRecordView } from '../../../domain/crm/companies/company.view';
import { callerView, listResponse } from '../shared/common.mapper';

@ApiTags('Companies')
@Controller('api/v1')
export class CompaniesController {
  constructor(
    private readonly service: CompaniesService,
    private readonly people: PeopleService,
    private readonly opps: OpportunitiesService,
    private readonly activities: ActivitiesService,
    private readonly tasks: TasksService,
  ) {}

  @Get('companies')
  @ApiDoc({
    id: 'listCompanies',
    summary: 'List companies',
    description:
      'A page of the companies the caller may see, newest first (or by last change with `sort=update`, for sync). Filters combine; ' +
      '`q` matches the name. Page with `limit` and the previous page\'s `next_cursor`.',
    spec: '4.13',
    ok: CompanyList,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async list(@CurrentAuth() auth: UserContext, @Query() q: CompanyListQueryDto) {
    const page = await this.service.list(auth, companyListQuery(q));
    return listResponse(companyPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('companies')
  @ApiDoc({
    id: 'createCompany',
    summary: 'Create a company',
    description:
      'Creates a company owned by the caller (or `owner_id`) and raises the `customer_created` event. A name that matches an existing company after ' +
      'normalisation answers 409 `duplicate`, with the existing record as `existing` when the caller may see it; `force: true` creates it anyway.',
    spec: '4.13',
    ok: CompanyResponse,
    errors: { 409: '`duplicate`: a company with this name exists (`existing`: {id, name}, when the caller may see it)' },
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateCompanyDto) {
    return { ok: true as const, company: companyRecordView(await this.service.create(auth, dto), callerView(auth)) };
  }

  @Get('companies/:id')
  @ApiDoc({
    id: 'getCompany',
    summary: 'Get a company',
    description:
      'One company with its orders and linked custom object records. `include` (comma-separated) adds the first page (20, newest first) of ' +
      'the company\'s `people`, open `opportunities`, `activities` and open `tasks`, each as its list route answers it, with `next_cursor` ' +
      'to continue there; a list of a module the caller lacks is left out.',
    spec: '4.13',
    ok: CompanyReadResponse,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Query() q: CompanyGetQueryDto) {
    const ws = auth.workspace;
    const body = { ok: true as const, company: companyRecordView(await this.service.get(auth, id), ws) };
    const want = companyIncludes(q);
    const has = (m: string) => auth.modules.includes(m);
    const limit = INCLUDED_LIMIT;
    return {
      ...body,
      ...(want.has('people') ? { people: await pageView(this.people.list(auth, { customer_id: id, limit }), (p) => personPageView(p, ws)) } : {}),
      ...(want.has('opportunities') && has(MODULES.opportunities) ? { opportunities: await pageView(this.opps.list(auth, { customer_id: id, status: 'open', limit }), (p) => opportunityPageView(p, ws)) } : {}),
      ...(want.has('activities') && has(MODULES.activities) ? { activities: await pageView(this.activities.list(auth, { customer_id: id, limit }), (p) => activityPageView(p, ws)) } : {}),
      ...(want.has('tasks') && has(MODULES.activities) ? { tasks: await pageView(this.tasks.list(auth, { customer_id: id, open: 'true', limit }), (p) => taskPageView(p, ws)) } : {}),
    };
  }

  @Patch('companies/:id')
  @ApiDoc({
    id: 'updateCompany',
    summary: 'Update a company',
    description: 'Changes the fields sent; omitted fields keep their values. Needs edit rights on the company (403 `forbidden`).',
    spec: '4.13',
    ok: CompanyResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateCompanyDto) {
    return { ok: true as const, company: companyRecordView(await this.service.update(auth, id, dto), callerView(auth)) };
  }

  /** Archives the company (active = false). */
  @Delete('companies/:id')
  @ApiDoc({
    id: 'archiveCompany',
    summary: 'Archive a company',
    description: 'Sets `active` to false; the company and its history stay, and it can be reactivated with PATCH `active: true`.',
    spec: '4.13',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async archive(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.archive(auth, id);
    return { ok: true as const };
  }
}
