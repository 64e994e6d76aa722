import { Module } from '@nestjs/common';
import { SyncModule } from '../sync';
import { ActivitiesService } from './activities.service';

@Module({ imports: [SyncModule], providers: [ActivitiesService], exports: [ActivitiesService] })
export class ActivitiesModule {}
