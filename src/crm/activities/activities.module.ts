import { Module } from '@nestjs/common';
import { ActivitiesService } from './activities.service';

@Module({ providers: [ActivitiesService], exports: [ActivitiesService] })
export class ActivitiesModule {}
