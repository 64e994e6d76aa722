import { Global, Module } from '@nestjs/common';
import { CredentialsService } from './credentials.service';
import { InvitationsService } from './invitations.service';
import { LoginService } from './login.service';
import { ProfileService } from './profile.service';
import { ProvisioningService } from './provisioning.service';
import { secretBoxProvider } from './secret-box.provider';
import { UserDirectoryService } from './user-directory.service';
import { UsersService } from './users.service';

@Global()
@Module({
  providers: [secretBoxProvider, UsersService, CredentialsService, LoginService, ProfileService, ProvisioningService, UserDirectoryService, InvitationsService],
  exports: [secretBoxProvider, UsersService, CredentialsService, LoginService, ProfileService, ProvisioningService, UserDirectoryService, InvitationsService],
})
export class IdentityModule {}
