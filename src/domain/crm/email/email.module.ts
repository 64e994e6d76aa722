import { Module } from '@nestjs/common';
import { ComposeService } from './compose.service';
import { MailboxService } from './mailbox.service';

@Module({ providers: [MailboxService, ComposeService], exports: [MailboxService, ComposeService] })
export class EmailModule {}
