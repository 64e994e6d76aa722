import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../crm/integrations/integrations.module';
import { OrdersModule } from '../crm/orders/orders.module';
import { AccountController } from './account.controller';
import { AdminSettingsController } from './admin-settings.controller';
import { SettingsPages } from './settings-pages';

/** Server-rendered settings pages: controllers and templates only (logic in the domain services). */
@Module({ imports: [IntegrationsModule, OrdersModule], controllers: [AccountController, AdminSettingsController], providers: [SettingsPages] })
export class WebModule {}
