import { Global, Module } from '@nestjs/common';
import { ProductsModule } from '../crm/products/products.module';
import { CredentialsService } from './credentials.service';
import { LoginService } from './login.service';
import { ProfileService } from './profile.service';
import { ProvisioningService } from './provisioning.service';
import { secretBoxProvider } from './secret-box.provider';
import { UsersService } from './users.service';

@Global()
@Module({
  imports: [ProductsModule],
  providers: [secretBoxProvider, UsersService, CredentialsService, LoginService, ProfileService, ProvisioningService],
  exports: [secretBoxProvider, UsersService, CredentialsService, LoginService, ProfileService, ProvisioningService],
})
export class IdentityModule {}
