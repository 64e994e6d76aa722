import { Module } from '@nestjs/common';
import { SECRET_BOX } from '../identity/secret-box.provider';
import { WEBHOOK_SECRET_BOX, WebhookWorker } from './webhook-worker';
import { WebhooksService } from './webhooks.service';

/** Outbound integrations: webhook connections (admin settings) and the delivery worker. */
@Module({
  providers: [WebhooksService, WebhookWorker, { provide: WEBHOOK_SECRET_BOX, useExisting: SECRET_BOX }],
  exports: [WebhooksService, WebhookWorker],
})
export class IntegrationsModule {}
