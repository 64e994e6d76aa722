import { Module } from '@nestjs/common';
import { TodayService } from './today.service';

@Module({ providers: [TodayService], exports: [TodayService] })
export class TodayModule {}
