import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../crm/integrations/integrations.module';
import { OrdersModule } from '../crm/orders/orders.module';
import { SettingsController } from './settings.controller';

/** Server-rendered settings pages: controllers and HTML rendering only (logic in the domain services). */
@Module({ imports: [IntegrationsModule, OrdersModule], controllers: [SettingsController] })
export class WebModule {}
