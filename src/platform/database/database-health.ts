import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export type DatabaseState = 'ready' | 'migrating' | 'down';

/** Whether the database answers and every migration is applied (the health endpoint's question). */
@Injectable()
export class DatabaseHealth {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async state(): Promise<DatabaseState> {
    try {
      await this.ds.query('SELECT 1');
      return (await this.ds.showMigrations()) ? 'migrating' : 'ready';
    } catch {
      return 'down';
    }
  }
}
