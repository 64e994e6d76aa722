import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { PeopleService } from '../../../domain/crm/people/people.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { CreatePersonDto, personListQuery, PersonListQueryDto, UpdatePersonDto } from '../dto/people.dto';
import { toPersonList, toPersonResponse } from '../mappers/person.mapper';

@ApiTags('People')
@Controller('api/v1')
export class PeopleController {
  constructor(private readonly service: PeopleService) {}

  @Get('people')
  @Auth({ scope: 'crm.read', module: 'Customers' })
  async list(@CurrentAuth() auth: UserContext, @Query() q: PersonListQueryDto) {
    return toPersonList(await this.service.list(auth, personListQuery(q)), auth.workspace);
  }

  @Post('people')
  @Auth({ scope: 'crm.write', module: 'Customers' })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreatePersonDto) {
    return toPersonResponse(await this.service.create(auth, dto, { origin: 'manual' }), auth.workspace);
  }

  @Get('people/:id')
  @Auth({ scope: 'crm.read', module: 'Customers' })
  async get(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    return toPersonResponse(await this.service.get(auth, id), auth.workspace);
  }

  @Patch('people/:id')
  @Auth({ scope: 'crm.write', module: 'Customers' })
  async update(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number, @Body() dto: UpdatePersonDto) {
    return toPersonResponse(await this.service.update(auth, id, dto), auth.workspace);
  }

  /** Archives the person (active = false). */
  @Delete('people/:id')
  @Auth({ scope: 'crm.write', module: 'Customers' })
  async archive(@CurrentAuth() auth: UserContext, @Param('id', IdPipe) id: number) {
    await this.service.archive(auth, id);
    return { ok: true as const };
  }
}
