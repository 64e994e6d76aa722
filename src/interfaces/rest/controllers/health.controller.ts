import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../../edge/auth.decorator';
import { DatabaseHealth } from '../../../platform/database/database-health';

/** Ready when the database answers and every migration is applied. */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(private readonly db: DatabaseHealth) {}

  @Get()
  @Public()
  async health(@Res({ passthrough: true }) res: Response) {
    const state = await this.db.state();
    if (state === 'ready') return { ok: true, status: 'ready', database: 'up', migrations: 'applied' };
    res.status(503);
    if (state === 'migrating') return { ok: false, status: 'migrating', database: 'up', migrations: 'pending' };
    return { ok: false, status: 'unavailable', database: 'down' };
  }
}
