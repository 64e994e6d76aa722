import { Body, Controller, Get, Ip, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { WebFormList, WebFormResponse, WebFormSubmitResponse } from './form.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { FormsService } from '../../../domain/crm/forms/forms.service';
import { Auth, CurrentAuth, CurrentWorkspace, Public } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import { CreateWebFormDto, SubmitWebFormDto, UpdateWebFormDto } from './forms.dto';
import { SUBMITTED, toWebFormList, toWebFormResponse } from './form.mapper';

/** Website forms are workspace administration (admins only): first party only. */
const read = { scope: 'crm.read', module: MODULES.customers, firstParty: true } as const;
const write = { scope: 'crm.write', module: MODULES.customers, firstParty: true } as const;
const ADMINS = 'Admins only (403 `forbidden` for other users); first party only (an OAuth token gets 403 `insufficient_scope`).';

@ApiTags('Website forms')
@Controller('api/v1/forms')
export class FormsController {
  constructor(private readonly service: FormsService) {}

  /** Admins: the workspace's website forms. */
  @Get()
  @ApiDoc({ id: 'listWebForms', summary: 'List website forms', description: `The workspace's website forms by name, with their submission counts. ${ADMINS}`, ok: WebFormList })
  @Auth(read)
  async list(@CurrentAuth() auth: UserContext) {
    return toWebFormList(await this.service.list(auth), auth.workspace);
  }

  @Post()
  @ApiDoc({
    id: 'createWebForm',
    summary: 'Create a website form',
    description:
      'Creates a form with a new random `public_key`; its submissions go to `owner_id` (default: the caller). Extra `fields` need distinct keys that are not ' +
      `a standard field (company, name, email, phone, message, website). ${ADMINS}`,
    ok: WebFormResponse,
  })
  @Auth(write)
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateWebFormDto) {
    return toWebFormResponse(await this.service.create(auth, dto), auth.workspace);
  }

  @Get(':id')
  @ApiDoc({ id: 'getWebForm', summary: 'Get a website form', description: `One website form. ${ADMINS}`, ok: WebFormResponse })
  @Auth(read)
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toWebFormResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch(':id')
  @ApiDoc({
    id: 'updateWebForm',
    summary: 'Update a website form',
    description: `Changes the fields sent (name, owner, the extra fields as a whole, active); the public key stays. An inactive form refuses submissions. ${ADMINS}`,
    ok: WebFormResponse,
  })
  @Auth(write)
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdateWebFormDto) {
    return toWebFormResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  /** Public: a website visitor's submission (no credential; the workspace comes from the host). */
  @Post(':public_key/submit')
  @Public()
  @ApiDoc({
    id: 'submitWebForm',
    summary: 'Submit a website form (public)',
    description:
      'No credential: a visitor of the customer\'s website sends the form to the workspace host. Matches the company by normalized name or creates it ' +
      '(raising `customer_created`), makes a task for the form\'s owner due today and raises `form_submitted`. Needs `company` and a name, e-mail or ' +
      'phone; the form\'s required extra fields must be filled. A filled honeypot (`website`) is answered like a success and stores nothing. ' +
      '404 `not_found`: no active form with this key (or the workspace\'s licence lacks Customers).',
    ok: WebFormSubmitResponse,
    errors: { 429: '`rate_limited`: too many submissions from this address (FORM_SUBMIT_PER_HOUR, default 20 an hour); wait `Retry-After` seconds' },
  })
  async submit(@CurrentWorkspace() ws: Workspace, @Param('public_key') key: string, @Body() dto: SubmitWebFormDto, @Ip() ip: string) {
    await this.service.submit(ws, key.slice(0, 40), dto, ip);
    return SUBMITTED;
  }
}
