import { Global, Module } from '@nestjs/common';
import { CredentialRetention } from './credential-retention';
import { IdempotencyKeys } from './idempotency';
import { CredentialsService } from './credentials.service';
import { InvitationsService } from './invitations.service';
import { LoginService } from './login.service';
import { MeQuery } from './me.query';
import { BrowserSessionService } from './oauth/browser-session.service';
import { GrantUsage } from './oauth/grant-usage';
import { ConnectionUsageCounter } from './connection-usage';
import { OAuthClientsService } from './oauth/oauth-clients.service';
import { OAuthAuthorizeService } from './oauth/oauth-authorize.service';
import { OAuthService } from './oauth/oauth.service';
import { RefreshRotation } from './oauth/refresh-rotation';
import { ProfileService } from './profile.service';
import { ProvisioningService } from './provisioning.service';
import { secretBoxProvider } from './secret-box.provider';
import { UserDirectoryService } from './user-directory.service';
import { UserCredentialsService } from './user-credentials.service';
import { UsersService } from './users.service';

@Global()
@Module({
  providers: [secretBoxProvider, UsersService, CredentialsService, LoginService, ProfileService, MeQuery, ProvisioningService, UserDirectoryService, InvitationsService, GrantUsage, ConnectionUsageCounter, OAuthClientsService, BrowserSessionService, RefreshRotation, OAuthService, OAuthAuthorizeService, UserCredentialsService, CredentialRetention, IdempotencyKeys],
  exports: [secretBoxProvider, UsersService, CredentialsService, LoginService, ProfileService, MeQuery, ProvisioningService, UserDirectoryService, InvitationsService, GrantUsage, ConnectionUsageCounter, OAuthClientsService, BrowserSessionService, OAuthService, OAuthAuthorizeService, UserCredentialsService, IdempotencyKeys],
})
export class IdentityModule {}
