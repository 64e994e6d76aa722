import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../../../edge/id.pipe';
import { ObjectRecordsService } from '../../../domain/crm/objects/object-records.service';
import { ObjectTypesService } from '../../../domain/crm/objects/object-types.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { MODULES } from '../../../domain/workspace/defaults';
import {
  CreateObjectRecordDto,
  CreateObjectTypeDto,
  ObjectRecordListQueryDto,
  ObjectRecordListResponse,
  ObjectRecordResponse,
  ObjectTypeListResponse,
  ObjectTypeResponse,
  objectRecordListQuery,
  ObjectsOkResponse,
  UpdateObjectRecordDto,
  UpdateObjectTypeDto,
} from '../dto/objects.dto';
import { toObjectRecordList, toObjectRecordResponse, toObjectType } from '../mappers/object.mapper';

/** Custom objects (spec 2.10, 3.4, 4.7): definitions (admins change them) and their records. */
@ApiTags('Companies')
@Controller('api/v1')
export class ObjectsController {
  constructor(
    private readonly types: ObjectTypesService,
    private readonly records: ObjectRecordsService,
  ) {}

  @Get('objects')
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectTypeListResponse })
  async list(@CurrentAuth() auth: UserContext) {
    return { ok: true as const, objects: (await this.types.list(auth)).map(toObjectType) };
  }

  @Post('objects')
  @Auth({ scope: 'crm.write', module: MODULES.customers, firstParty: true })
  @ApiCreatedResponse({ type: ObjectTypeResponse })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateObjectTypeDto) {
    return { ok: true as const, object: toObjectType(await this.types.create(auth, dto)) };
  }

  @Get('objects/:key')
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectTypeResponse })
  async get(@CurrentAuth() auth: UserContext, @Param('key') key: string) {
    return { ok: true as const, object: toObjectType(await this.types.byKey(auth, key)) };
  }

  @Patch('objects/:key')
  @Auth({ scope: 'crm.write', module: MODULES.customers, firstParty: true })
  @ApiOkResponse({ type: ObjectTypeResponse })
  async update(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Body() dto: UpdateObjectTypeDto) {
    return { ok: true as const, object: toObjectType(await this.types.update(auth, key, dto)) };
  }

  @Get('objects/:key/records')
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectRecordListResponse })
  async listRecords(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Query() q: ObjectRecordListQueryDto) {
    return toObjectRecordList(await this.records.list(auth, key, objectRecordListQuery(q)), auth.workspace);
  }

  @Post('objects/:key/records')
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  @ApiCreatedResponse({ type: ObjectRecordResponse })
  async createRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Body() dto: CreateObjectRecordDto) {
    return toObjectRecordResponse(await this.records.create(auth, key, dto), auth.workspace);
  }

  @Get('objects/:key/records/:id')
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectRecordResponse })
  async getRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number) {
    return toObjectRecordResponse(await this.records.get(auth, key, id), auth.workspace);
  }

  @Patch('objects/:key/records/:id')
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectRecordResponse })
  async updateRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number, @Body() dto: UpdateObjectRecordDto) {
    return toObjectRecordResponse(await this.records.update(auth, key, id, dto), auth.workspace);
  }

  /** The same as PATCH (spec 4.7: POST is accepted as well). */
  @Post('objects/:key/records/:id')
  @HttpCode(200)
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectRecordResponse })
  async updateRecordByPost(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number, @Body() dto: UpdateObjectRecordDto) {
    return toObjectRecordResponse(await this.records.update(auth, key, id, dto), auth.workspace);
  }

  /** Archives the record (active = false); PATCH active: true restores it. */
  @Delete('objects/:key/records/:id')
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  @ApiOkResponse({ type: ObjectsOkResponse })
  async archiveRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number) {
    await this.records.archive(auth, key, id);
    return { ok: true as const };
  }
}
