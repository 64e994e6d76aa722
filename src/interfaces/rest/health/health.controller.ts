import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import { Public } from '../../../edge/auth.decorator';
import { ApiDoc } from '../../../edge/openapi/api-doc.decorator';
import { DatabaseHealth } from '../../../platform/database/database-health';
import { Health } from './health.schema';

/** Ready when the database answers and every migration is applied. */
@ApiTags('Workspace')
@Controller('health')
export class HealthController {
  constructor(private readonly db: DatabaseHealth) {}

  @Get()
  @ApiDoc({
    id: 'getHealth',
    summary: 'Health check (readiness)',
    description:
      'For load balancers and orchestrators: 200 `ready` when the database answers and every migration is applied, else 503 with ' +
      '`migrating` (the database is up, migrations are pending) or `unavailable` (the database does not answer). Public: no credential, ' +
      'no workspace, no rate limit, no CORS.',
    ok: [
      { status: 200, schema: Health, description: 'ready' },
      { status: 503, schema: Health, description: 'not ready: `migrating` or `unavailable` (`ok: false`)' },
    ],
  })
  @Public()
  async health(@Res({ passthrough: true }) res: Response): Promise<z.output<typeof Health>> {
    const state = await this.db.state();
    if (state === 'ready') return { ok: true, status: 'ready', database: 'up', migrations: 'applied' };
    res.status(503);
    if (state === 'migrating') return { ok: false, status: 'migrating', database: 'up', migrations: 'pending' };
    return { ok: false, status: 'unavailable', database: 'down' };
  }
}
