import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { OkResponse } from '../shared/common.schema';
import { CustomObjectList, CustomObjectRecordList, CustomObjectRecordResponse, CustomObjectResponse } from './object.schema';
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
  objectRecordListQuery,
  UpdateObjectRecordDto,
  UpdateObjectTypeDto,
} from './objects.dto';
import { objectRecordPageView, objectRecordView, objectTypeView } from '../../../domain/crm/objects/object.view';
import { listResponse } from '../shared/common.mapper';

const NO_EVENTS = 'Raises no event (spec 6.1 has no custom-object kind).';
const RECORD_404 = '404 when the object key is unknown, or the record is not of this object or not visible to the caller.';
const UPDATE_RECORD =
  'Changes only what is sent (spec 4.7): `name`, `owner_id` (`""` or null = none; admins only, as is giving the record to another user), ' +
  '`active` (false archives, true restores; spec 3.4), `fields` (field key -> value; `""`, null or [] clears a field, a required field cannot be cleared, ' +
  'unknown keys are 400) and `links` (relation key -> id or ids: a many-relation gains them, a one-relation is replaced, an empty value clears it; ' +
  'each target must exist and be visible to the caller), and, beyond the spec, `unlinks` (the same shape: those targets are removed from the relation, ' +
  'in the same transaction; an id not linked changes nothing; an id also in `links` of that relation is 400). Problems are 400 `invalid` naming ' +
  '`fields.<key>`, `links.<key>`, `unlinks.<key>`, all at once, and nothing ' +
  `is stored. Needs edit rights on the record (owner or admin; a record without owner: admins) else 403 \`forbidden\`. ${RECORD_404} ${NO_EVENTS}`;

/** Custom objects (spec 2.10, 3.4, 4.7): definitions (admins change them) and their records. */
@ApiTags('Custom objects')
@Controller('api/v1')
export class ObjectsController {
  constructor(
    private readonly types: ObjectTypesService,
    private readonly records: ObjectRecordsService,
  ) {}

  @Get('objects')
  @ApiDoc({
    id: 'listCustomObjects',
    summary: 'List custom object definitions',
    description: 'Every custom object of the workspace with its fields and relations, oldest first. Everyone with the Customers module reads them.',
    spec: '4.13',
    ok: CustomObjectList,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async list(@CurrentAuth() auth: UserContext) {
    return { ok: true as const, objects: (await this.types.list(auth)).map(objectTypeView) };
  }

  @Post('objects')
  @ApiDoc({
    id: 'createCustomObject',
    summary: 'Define a custom object',
    description:
      'Creates a custom object: its `key` (used in paths, never changes), label, fields and relations (docs/crm-rules.md, "Custom objects"). ' +
      'Problems are 400 `invalid` naming the path (`fields.2.options`). Admins only (403 `forbidden`).',
    spec: '4.13',
    ok: CustomObjectResponse,
    errors: { 409: '`conflict`: an object with this key exists (`field`: key)' },
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers, firstParty: true })
  async create(@CurrentAuth() auth: UserContext, @Body() dto: CreateObjectTypeDto) {
    return { ok: true as const, object: objectTypeView(await this.types.create(auth, dto)) };
  }

  @Get('objects/:key')
  @ApiDoc({
    id: 'getCustomObject',
    summary: 'Get a custom object definition',
    description: 'One custom object with its fields and relations. 404 when no object has this key.',
    ok: CustomObjectResponse,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async get(@CurrentAuth() auth: UserContext, @Param('key') key: string) {
    return { ok: true as const, object: objectTypeView(await this.types.byKey(auth, key)) };
  }

  @Patch('objects/:key')
  @ApiDoc({
    id: 'updateCustomObject',
    summary: 'Change a custom object definition',
    description:
      'Changes the label, fields and/or relations; each list sent replaces the old one whole, and the key cannot change. In the same transaction the ' +
      'records lose the values of removed or retyped fields and of options no longer allowed, and the links of removed or retargeted relations; ' +
      "a relation turned from many to one keeps each record's newest link. Admins only (403 `forbidden`). 404 when no object has this key.",
    ok: CustomObjectResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers, firstParty: true })
  async update(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Body() dto: UpdateObjectTypeDto) {
    return { ok: true as const, object: objectTypeView(await this.types.update(auth, key, dto)) };
  }

  @Get('objects/:key/records')
  @ApiDoc({
    id: 'listCustomObjectRecords',
    summary: 'List the records of a custom object',
    description:
      'A page of the records the caller may see (own and team records, records without owner; admins all), newest first (or by last change with ' +
      '`sort=update`, for sync). Active records unless `active=false`; `q` matches the name, `owner_id` filters. Page with `limit` and the previous ' +
      "page's `next_cursor`. 404 when the object key is unknown.",
    spec: '4.13',
    ok: CustomObjectRecordList,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async listRecords(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Query() q: ObjectRecordListQueryDto) {
    const page = await this.records.list(auth, key, objectRecordListQuery(q));
    return listResponse(objectRecordPageView(page, auth.workspace), page.nextCursor);
  }

  @Post('objects/:key/records')
  @ApiDoc({
    id: 'createCustomObjectRecord',
    summary: 'Create a custom object record',
    description:
      'Creates a record owned by the caller (or `owner_id`; another user or none: admins only, else 403 `forbidden`). `name` is required, and every ' +
      'required field needs a value; `fields` and `links` as for PATCH. Problems are 400 `invalid` naming `fields.<key>` / `links.<key>`. ' +
      `404 when the object key is unknown. ${NO_EVENTS}`,
    spec: '4.13',
    ok: CustomObjectRecordResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async createRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Body() dto: CreateObjectRecordDto) {
    return { ok: true as const, record: objectRecordView(await this.records.create(auth, key, dto), auth.workspace) };
  }

  @Get('objects/:key/records/:id')
  @ApiDoc({
    id: 'getCustomObjectRecord',
    summary: 'Get a custom object record',
    description: `One record with its field values and relations (items the caller may not see are left out). ${RECORD_404}`,
    spec: '2.10',
    ok: CustomObjectRecordResponse,
  })
  @Auth({ scope: 'crm.read', module: MODULES.customers })
  async getRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number) {
    return { ok: true as const, record: objectRecordView(await this.records.get(auth, key, id), auth.workspace) };
  }

  @Patch('objects/:key/records/:id')
  @ApiDoc({ id: 'updateCustomObjectRecord', summary: 'Update a custom object record', description: UPDATE_RECORD, spec: '4.7', ok: CustomObjectRecordResponse })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async updateRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number, @Body() dto: UpdateObjectRecordDto) {
    return { ok: true as const, record: objectRecordView(await this.records.update(auth, key, id, dto), auth.workspace) };
  }

  /** The same as PATCH (spec 4.7: POST is accepted as well). */
  @Post('objects/:key/records/:id')
  @HttpCode(200)
  @ApiDoc({
    id: 'updateCustomObjectRecordByPost',
    summary: 'Update a custom object record (POST)',
    description: `The same as PATCH on this path, for clients that cannot send PATCH (spec 4.7: "POST is accepted as well"); answers 200. ${UPDATE_RECORD}`,
    spec: '4.7',
    ok: { status: 200, schema: CustomObjectRecordResponse },
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async updateRecordByPost(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number, @Body() dto: UpdateObjectRecordDto) {
    return { ok: true as const, record: objectRecordView(await this.records.update(auth, key, id, dto), auth.workspace) };
  }

  /** Archives the record (active = false); PATCH active: true restores it. */
  @Delete('objects/:key/records/:id')
  @ApiDoc({
    id: 'archiveCustomObjectRecord',
    summary: 'Archive a custom object record',
    description:
      'Sets `active` to false (spec 3.4), like PATCH `active: false`; records are never deleted, and PATCH `active: true` restores one. ' +
      `Needs edit rights on the record (403 \`forbidden\`). ${RECORD_404}`,
    spec: '3.4',
    ok: OkResponse,
  })
  @Auth({ scope: 'crm.write', module: MODULES.customers })
  async archiveRecord(@CurrentAuth() auth: UserContext, @Param('key') key: string, @Param('id', IdPipe) id: number) {
    await this.records.archive(auth, key, id);
    return { ok: true as const };
  }
}
