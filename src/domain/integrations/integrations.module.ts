import { Module } from '@nestjs/common';
import { SECRET_BOX } from '../identity/secret-box.provider';
import { WEBHOOK_SECRET_BOX, WebhookWorker } from './webhook-worker';
import { WebhooksService } from './webhooks.service';
import { WebhookReplay } from './webhook-replay';

/** Outbound integrations: webhook connections (admin settings) and the delivery worker. */
@Module({
  providers: [WebhooksService, WebhookReplay, WebhookWorker, { provide: WEBHOOK_SECRET_BOX, useExisting: SECRET_BOX }],
  exports: [WebhooksService, WebhookReplay, WebhookWorker],
})
export class IntegrationsModule {}
