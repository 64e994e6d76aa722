import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { Auth, CurrentAuth } from '../../../edge/auth.decorator';
import { linkBaseOf } from '../../../edge/base-url';
import type { CrmRequest } from '../../../edge/crm-request';
import type { UserContext } from '../../../domain/identity/auth-context';
import { SearchService } from '../../../domain/crm/search';
import { SearchQueryDto } from './search.dto';
import { SearchResponse } from './search.schema';
import { toSearchResponse } from './search.mapper';
import { callerView } from '../shared/common.mapper';

@ApiTags('Workspace')
@Controller('api/v1')
export class SearchController {
  constructor(private readonly service: SearchService) {}

  @Get('search')
  @ApiDoc({
    id: 'search',
    summary: 'Search companies, people, opportunities, tasks, activities and orders',
    description:
      'The global search of the web app: the first `limit` (default 5) records of each kind the caller may see, newest first: companies, people and ' +
      'opportunities whose name contains `q` (people also by e-mail), as the lists\' own `q` filter finds them (archived companies and people are left out); ' +
      'tasks by title or description, activities by topic, note, next step or outcome, orders by customer PO number, each with the record it belongs to (`parent`). ' +
      'Letters are folded: case, accents and the Turkish letters (ç ğ ı İ ö ş ü) are ignored, so "sahin" finds "Şahin" and "IZMIR" finds "İzmir". ' +
      'A record key (O-1, C-9, P-7, L-3, A-9) names its record in `exact`. ' +
      'Companies and people need the Customers module, opportunities the Opportunities module, tasks and activities Visits / Activities, orders Orders; ' +
      'a kind whose module is off is not searched (`kinds` says which were). `more` names the kinds with further matches.',
    ok: SearchResponse,
  })
  @Auth({ scope: 'crm.read' })
  async search(@CurrentAuth() auth: UserContext, @Query() dto: SearchQueryDto, @Req() req: CrmRequest) {
    const q = dto.q.trim();
    return toSearchResponse(await this.service.search(auth, q, dto.limit), q, callerView(auth), linkBaseOf(req));
  }
}
