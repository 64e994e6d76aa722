import { Module } from '@nestjs/common';
import { QuickEntryClock } from './clock';
import { QuickEntryService } from './quick-entry.service';

@Module({ providers: [QuickEntryService, QuickEntryClock], exports: [QuickEntryService, QuickEntryClock] })
export class QuickEntryModule {}
