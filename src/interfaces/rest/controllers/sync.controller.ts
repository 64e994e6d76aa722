import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DeletedRecordsService } from '../../../domain/crm/sync/deleted-records.service';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import type { UserContext } from '../../../domain/identity/auth-context';
import { DeletedQueryDto, DeletedResponseSchema } from '../dto/sync.dto';
import { toDeletedList } from '../mappers/deleted.mapper';

@ApiTags('Workspace')
@Controller('api/v1')
export class SyncController {
  constructor(private readonly service: DeletedRecordsService) {}

  /**
   * Deleted activities, tasks and calendar entries since a time, oldest first: `{ok, items: [{type, id,
   * deleted_at}], next_cursor}`. Each type needs its module (Visits / Activities).
   */
  @Get('deleted')
  @Auth({ scope: 'crm.read' })
  @ApiOkResponse({ type: DeletedResponseSchema })
  async deleted(@CurrentAuth() auth: UserContext, @Query() q: DeletedQueryDto) {
    return toDeletedList(await this.service.list(auth, q), auth.workspace);
  }
}
