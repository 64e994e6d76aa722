import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { LeadConvertService } from '../../../domain/crm/leads/lead-convert.service';
import { LeadsService } from '../../../domain/crm/leads/leads.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import {
  ConvertLeadDto,
  ConvertResponseSchema,
  CreateLeadDto,
  LeadListQueryDto,
  LeadListResponseSchema,
  leadListQuery,
  LeadResponseSchema,
  UpdateLeadDto,
} from '../dto/leads.dto';
import { toConvertResponse, toLeadList, toLeadResponse } from '../mappers/lead.mapper';

@ApiTags('Trade fairs & leads')
@Controller('api/v1')
export class LeadsController {
  constructor(
    private readonly service: LeadsService,
    private readonly converter: LeadConvertService,
  ) {}

  @Get('leads')
  @Auth({ scope: 'crm.read', module: 'Fair leads' })
  @ApiOkResponse({ type: LeadListResponseSchema })
  async list(@CurrentAuth() auth: UserContext, @Query() q: LeadListQueryDto) {
    return toLeadList(await this.service.list(auth, leadListQuery(q)), auth.workspace);
  }

  @Post('leads')
  @Auth({ scope: 'crm.write', module: 'Fair leads' })
  @ApiCreatedResponse({ type: LeadResponseSchema })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateLeadDto) {
    return toLeadResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get('leads/:id')
  @Auth({ scope: 'crm.read', module: 'Fair leads' })
  @ApiOkResponse({ type: LeadResponseSchema })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toLeadResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('leads/:id')
  @Auth({ scope: 'crm.write', module: 'Fair leads' })
  @ApiOkResponse({ type: LeadResponseSchema })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateLeadDto) {
    return toLeadResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  /** Spec 4.3: company, people, opportunity and fair visit in one transaction; a converted lead answers its links. */
  @Post('leads/:id/convert')
  @HttpCode(200)
  @Auth({ scope: 'crm.write', module: 'Fair leads' })
  @ApiOkResponse({ type: ConvertResponseSchema })
  async convert(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: ConvertLeadDto) {
    return toConvertResponse(await this.converter.convert(auth, id, dto), auth.workspace);
  }
}
