/** The e-mail feature's public entry: what other CRM features may use (entities are read from their own files). */
export { EmailModule } from './email.module';
export { MailboxConnector } from './mailbox-connector';
export { sendSmtp } from './mail-servers';
export { fileSent } from './email-filing';
