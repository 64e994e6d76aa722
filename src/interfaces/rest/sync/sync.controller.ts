import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { DeletedList } from './sync.schema';
import { DeletedRecordsService } from '../../../domain/crm/sync/deleted-records.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { DeletedQueryDto } from './sync.dto';
import { toDeletedList } from './deleted.mapper';

@ApiTags('Workspace')
@Controller('api/v1')
export class SyncController {
  constructor(private readonly service: DeletedRecordsService) {}

  /**
   * Deleted activities, tasks and calendar entries since a time, oldest first: `{ok, items: [{type, id,
   * deleted_at}], next_cursor}`. Each type needs its module (Visits / Activities).
   */
  @Get('deleted')
  @ApiDoc({
    id: 'listDeletedRecords',
    summary: 'List deleted records (sync)',
    description:
      'Tombstones of hard-deleted records since a time (`since`), oldest first, so a sync client can drop its copies: activities, tasks and ' +
      'calendar entries (module Visits / Activities) and fairs (module Fair leads). Without `type`, every type whose module the caller has; a ' +
      '`type` whose module the caller lacks answers 403 `module`. Admins see every deletion; others those of records owned by, assigned to or ' +
      "attended by them or their team (fairs: every user of the module). Page with `limit` and the previous page's `next_cursor`.",
    ok: DeletedList,
  })
  @Auth({ scope: 'crm.read' })
  async deleted(@CurrentAuth() auth: UserContext, @Query() q: DeletedQueryDto) {
    return toDeletedList(await this.service.list(auth, q), auth.workspace);
  }
}
