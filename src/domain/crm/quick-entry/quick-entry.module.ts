import { Module } from '@nestjs/common';
import { QuickEntryService } from './quick-entry.service';

@Module({ providers: [QuickEntryService], exports: [QuickEntryService] })
export class QuickEntryModule {}
