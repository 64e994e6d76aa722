import { Module } from '@nestjs/common';
import { IntegrationsModule } from '../../domain/integrations/integrations.module';
import { OrdersModule } from '../../domain/crm/orders/orders.module';
import { ConnectionsModule } from '../../domain/crm/connections';
import { AccountController } from './account.controller';
import { AppShellController } from './app-shell.controller';
import { AdminSettingsController } from './admin-settings.controller';
import { PasswordPages } from './password-pages';
import { PasswordPagesController } from './password-pages.controller';
import { SettingsPages } from './settings-pages';

/** Server-rendered settings pages: controllers and templates only (logic in the domain services). */
@Module({ imports: [IntegrationsModule, OrdersModule, ConnectionsModule], controllers: [AppShellController, AccountController, AdminSettingsController, PasswordPagesController], providers: [SettingsPages, PasswordPages] })
export class WebModule {}
