import { MODULES } from '../../../domain/workspace/defaults';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { PersonList, PersonResponse } from './person.schema';
import { IdPipe } from '../../../edge/id.pipe';
import { PeopleService } from '../../../domain/crm/people/people.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreatePersonDto, PersonListQueryDto, UpdatePersonDto } from './people.dto';
import { listQuery } from '../shared/fields-dto';
import { personPageView, personRecordView } from '../../../domain/crm/people/person.view';
import { callerView, listResponse } from '../shared/common.mapper';

@ApiTags('People')
@Controller('api/v1')
export class PeopleController {
  constructor(private readonly service: PeopleService) {}

  @Get('people')
  @ApiDoc({
    id: 'listPeople',
    summary: 'List people',
    description:
      'A page of the people (contacts) the caller may see, newest first (or by last change with `sort=update`, for sync); active people unless ' +
      '`active=false` (the archived ones). Filters combine; `q` matches the name or e-mail. Page with `limit` and the previous page\'s `next_cursor`.',
    spec: '4.13',
    ok: PersonList,
    errors: { 404: '`not_found`: the host names no workspace' },
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async list(@CurrentAuth() auth: UserContext, @Query() q: PersonListQueryDto) {
    const page = await this.service.list(auth, listQuery(q));
    return listResponse(personPageView(page, callerView(auth)), page.nextCursor);
  }

  @Post('people')
  @ApiDoc({
    id: 'createPerson',
    summary: 'Create a person',
    description:
      'Creates a person owned by the caller (or `owner_id`; another user only for admins, else 403 `forbidden`) and raises the `contact_created` event. ' +
      '`is_main` makes them the main contact of their company (the previous one loses the flag) and needs a `customer_id`. The same name at the same ' +
      'company, or the same e-mail anywhere, answers 409 `duplicate`, with the existing record as `existing` when the caller may see it; `force: true` ' +
      'creates the person anyway. An unknown or invisible `customer_id` is 400.',
    spec: '4.13',
    ok: PersonResponse,
    errors: { 404: '`not_found`: the host names no workspace', 409: '`duplicate`: a person with the same name at this company, or the same e-mail, exists (`existing`: {id, name}, when the caller may see it)' },
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreatePersonDto) {
    return { ok: true as const, person: personRecordView(await this.service.create(auth, dto, { origin: 'manual' }), callerView(auth)) };
  }

  @Get('people/:id')
  @ApiDoc({
    id: 'getPerson',
    summary: 'Get a person',
    description: "One person with the custom object records linked to them. Opening it adds it to the caller's recently opened records (`/today`).",
    spec: '4.13',
    ok: PersonResponse,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return { ok: true as const, person: personRecordView(await this.service.get(auth, id), callerView(auth)) };
  }

  @Patch('people/:id')
  @ApiDoc({
    id: 'updatePerson',
    summary: 'Update a person',
    description:
      'Changes the fields sent; omitted fields keep their values. Needs edit rights on the person (403 `forbidden`). Moving the person to another ' +
      'company drops their main-contact flag unless `is_main` is sent; `customer_id: null` leaves them without a company.',
    spec: '4.13',
    ok: PersonResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdatePersonDto) {
    return { ok: true as const, person: personRecordView(await this.service.update(auth, id, dto), callerView(auth)) };
  }

  /** Archives the person (active = false). */
  @Delete('people/:id')
  @ApiDoc({
    id: 'archivePerson',
    summary: 'Archive a person',
    description: 'Sets `active` to false; the person and their history stay, and PATCH `active: true` brings them back. Needs edit rights (403 `forbidden`).',
    spec: '4.13',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async archive(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.archive(auth, id);
    return { ok: true as const };
  }
}
