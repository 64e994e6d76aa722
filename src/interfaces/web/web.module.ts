import { Module } from '@nestjs/common';
import { AccountController } from './account.controller';
import { AppShellController } from './app-shell.controller';
import { PasswordPages } from './password-pages';
import { PasswordPagesController } from './password-pages.controller';
import { SettingsPages } from './settings-pages';

/** Server-rendered pages that must work without the app (settings landing page, sign-in, password links) and the app's entry page. */
@Module({ controllers: [AppShellController, AccountController, PasswordPagesController], providers: [SettingsPages, PasswordPages] })
export class WebModule {}
