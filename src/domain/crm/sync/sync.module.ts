import { Module } from '@nestjs/common';
import { DeletedRecordsService } from './deleted-records.service';

/** Sync support: tombstones of deleted records (GET /api/v1/deleted). */
@Module({ providers: [DeletedRecordsService], exports: [DeletedRecordsService] })
export class SyncModule {}
