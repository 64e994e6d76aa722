import { Module } from '@nestjs/common';
import { OAuthController } from './oauth.controller';

/** The OAuth 2.1 authorization server's HTTP edge: controllers, pages and cookies only (logic in src/domain/identity/oauth). */
@Module({ controllers: [OAuthController] })
export class OAuthModule {}
