import { Body, Controller, Get, Ip, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { FormsService } from '../../../domain/crm/forms/forms.service';
import { Auth, CurrentAuth, CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { CreateWebFormDto, SubmitResponseSchema, SubmitWebFormDto, UpdateWebFormDto, WebFormListResponseSchema, WebFormResponseSchema } from '../dto/forms.dto';
import { SUBMITTED, toWebFormList, toWebFormResponse } from '../mappers/form.mapper';

/** Website forms are workspace administration (admins only): first party only. */
const read = { scope: 'crm.read', module: MODULES.customers, firstParty: true } as const;
const write = { scope: 'crm.write', module: MODULES.customers, firstParty: true } as const;

@ApiTags('Website forms')
@Controller('api/v1/forms')
export class FormsController {
  constructor(private readonly service: FormsService) {}

  /** Admins: the workspace's website forms. */
  @Get()
  @Auth(read)
  @ApiOkResponse({ type: WebFormListResponseSchema })
  async list(@CurrentAuth() auth: UserContext) {
    return toWebFormList(await this.service.list(auth), auth.workspace);
  }

  @Post()
  @Auth(write)
  @ApiCreatedResponse({ type: WebFormResponseSchema })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateWebFormDto) {
    return toWebFormResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get(':id')
  @Auth(read)
  @ApiOkResponse({ type: WebFormResponseSchema })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toWebFormResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch(':id')
  @Auth(write)
  @ApiOkResponse({ type: WebFormResponseSchema })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateWebFormDto) {
    return toWebFormResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  /** Public: a website visitor's submission (no credential; the workspace comes from the host). */
  @Post(':public_key/submit')
  @Public()
  @ApiCreatedResponse({ type: SubmitResponseSchema })
  async submit(@CurrentWorkspace() ws: Workspace, @Param('public_key') key: string, @Body() dto: SubmitWebFormDto, @Ip() ip: string) {
    await this.service.submit(ws, key.slice(0, 40), dto, ip);
    return SUBMITTED;
  }
}
