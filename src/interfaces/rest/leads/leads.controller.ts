import { MODULES } from '../../../domain/workspace/defaults';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { LeadConvertResponse, LeadList, LeadResponse } from './lead.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { LeadConvertService } from '../../../domain/crm/leads/lead-convert.service';
import { LeadsService, type LeadOne } from '../../../domain/crm/leads/leads.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { ConvertLeadDto, CreateLeadDto, LeadListQueryDto, UpdateLeadDto } from './leads.dto';
import { listQuery } from '../shared/fields-dto';
import { leadConversionView, leadPageView, leadView } from '../../../domain/crm/leads/lead.view';
import { callerView, listResponse } from '../shared/common.mapper';

const VISIBILITY = 'A sales user sees their own leads and those of their department; admins see all. 404 `not_found` also for a lead the caller may not see.';

@ApiTags('Trade fairs & leads')
@Controller('api/v1')
export class LeadsController {
  constructor(
    private readonly service: LeadsService,
    private readonly converter: LeadConvertService,
  ) {}

  @Get('leads')
  @ApiDoc({
    id: 'listLeads',
    summary: 'List leads',
    description:
      'A page of the leads the caller may see, newest first (or by last change with `sort=update`, for sync). Filters combine: `fair_id`, `status` ' +
      '(the stored status), `owner_id`, and `q` on company, contact name or e-mail. Page with `limit` and the previous page\'s `next_cursor`.',
    spec: '2.5',
    ok: LeadList,
  })
  @Auth({ scope: 'crm.read', module: MODULES.leads })
  async list(@CurrentAuth() auth: UserContext, @Query() q: LeadListQueryDto) {
    const page = await this.service.list(auth, listQuery(q));
    return listResponse(leadPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('leads')
  @ApiDoc({
    id: 'createLead',
    summary: 'Create a lead',
    description:
      'Creates a lead owned by the caller (or `owner_id`), with status `constants.lead_status_new` unless `status` (one of constants.lead_statuses) is sent, ' +
      'and raises the `lead_created` event. List fields (interest, next_action, timing, visitor_type, opp_type, unit) must be values of the workspace\'s ' +
      'constants or empty; `fair_id` and `customer_id` must exist (400 naming the field).',
    spec: '4.13',
    ok: LeadResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.leads })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateLeadDto) {
    return leadResponse(await this.service.create(auth, dto), callerView(auth));
  }

  @Get('leads/:id')
  @ApiDoc({
    id: 'getLead',
    summary: 'Get a lead',
    description: `One lead; the read counts as an open for Today's recent leads. ${VISIBILITY}`,
    spec: '2.5',
    ok: LeadResponse,
  })
  @Auth({ scope: 'crm.read', module: MODULES.leads })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return leadResponse(await this.service.get(auth, id), callerView(auth));
  }

  @Patch('leads/:id')
  @ApiDoc({
    id: 'updateLead',
    summary: 'Update a lead',
    description:
      'Without `company`, changes only the fields sent (`null` clears one). With `company`, rewrites the whole form: omitted form fields are cleared ' +
      '(a converted lead keeps its people, which no longer change: sending `people` for it is 400). `status` must be one of constants.lead_statuses. ' +
      `Needs edit rights on the lead (403 \`forbidden\`). ${VISIBILITY}`,
    spec: '4.3',
    ok: LeadResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.leads })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateLeadDto) {
    return leadResponse(await this.service.update(auth, id, dto), callerView(auth));
  }

  /** Spec 4.3: company, people, opportunity and fair visit in one transaction; a converted lead answers its links. */
  @Post('leads/:id/convert')
  @HttpCode(200)
  @ApiDoc({
    id: 'convertLead',
    summary: 'Convert a lead',
    description:
      'In one transaction: links the company (`mode` existing: `customer_id`) or creates a prospect (`mode` new; omitted: the registered or ' +
      'name-matched company, else a new one), creates, links or skips each person by index (`people`), creates or links an opportunity or none ' +
      '(`opp_mode`), logs a fair visit (`make_visit`, default true) and, when the lead has a next action, makes it a follow-up task (`make_task`, ' +
      'default true). The lead takes the converted status (spec 3.1) and becomes constants.lead_status_won when its opportunity is won. The records ' +
      'are created through their own services, so `customer_created`, `contact_created`, `opp_created` and `visit_created` are raised. A lead already ' +
      `converted answers its existing links and changes nothing. Needs edit rights on the lead (403 \`forbidden\`). ${VISIBILITY}`,
    spec: '4.3',
    ok: LeadConvertResponse,
    errors: {
      400:
        '`invalid` (`message` explains, `field` names it): a bad field or combination (e.g. `customer_id` without mode existing), a contact or opportunity of ' +
        'another company, a closed opportunity, or — `mode` — a company of this name already exists (`existing`: {id, name}, when the caller may see it)',
    },
  })
  @Auth({ scope: 'crm.write', module: MODULES.leads })
  async convert(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: ConvertLeadDto) {
    return { ok: true as const, ...leadConversionView(await this.converter.convert(auth, id, dto), callerView(auth)) };
  }
}

/** One lead as GET / POST / PATCH answer it. */
const leadResponse = (one: LeadOne, ws: Workspace) => ({ ok: true as const, lead: leadView(one.lead, one.views, ws) });
