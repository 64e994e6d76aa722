import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { PasswordPages } from './password-pages';
import { PasswordPagesController } from './password-pages.controller';
import { SettingsPages } from './settings-pages';

/** Server-rendered pages that must work without the app (settings landing page, sign-in, password links). The app's
 * entry page is the answer to a path no controller has (`appPage`, app-shell.ts). */
@Module({ controllers: [AccountController, PasswordPagesController], providers: [SettingsPages, PasswordPages] })
export class WebModule {}
