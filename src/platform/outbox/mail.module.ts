import { Global, Module } from '@nestjs/common';
import { MailOutbox, MailSender, mailTransportProvider } from './mail';

/** The service's own e-mails: the outbox (written in units of work) and its background sender. */
@Global()
@Module({
  providers: [mailTransportProvider, MailOutbox, MailSender],
  exports: [mailTransportProvider, MailOutbox, MailSender],
})
export class MailModule {}
