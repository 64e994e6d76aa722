import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../../../edge/auth.decorator';

/** Ready when the database answers and every migration is applied. */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  @Get()
  @Public()
  async health(@Res({ passthrough: true }) res: Response) {
    try {
      await this.ds.query('SELECT 1');
      const pending = await this.ds.showMigrations();
      if (pending) {
        res.status(503);
        return { ok: false, status: 'migrating', database: 'up', migrations: 'pending' };
      }
      return { ok: true, status: 'ready', database: 'up', migrations: 'applied' };
    } catch {
      res.status(503);
      return { ok: false, status: 'unavailable', database: 'down' };
    }
  }
}
