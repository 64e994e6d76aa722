import { Module } from '@nestjs/common';
import { ComposeService } from './compose.service';
import { EmailSender } from './email-sender';
import { EmailSync } from './email-sync';
import { EmailsService } from './emails.service';
import { MailboxConnector } from './mailbox-connector';
import { MailboxService } from './mailbox.service';

@Module({
  providers: [MailboxService, ComposeService, MailboxConnector, EmailsService, EmailSender, EmailSync],
  exports: [MailboxService, ComposeService, MailboxConnector, EmailsService, EmailSender, EmailSync],
})
export class EmailModule {}
