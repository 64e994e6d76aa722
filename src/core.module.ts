import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import type pino from 'pino';
import { APP_CONFIG, AppConfig } from './platform/config/app-config';
import { ROOT_LOGGER } from './platform/common/logger';
import { Clock } from './platform/common/clock';
import { NetworkPolicy } from './platform/net/network-policy';
import { CLIENT_METADATA_DESTINATIONS, USER_DESTINATIONS, userDestinations } from './platform/net/network-policies';
import { DatabaseModule } from './platform/database/database.module';
import { DbConnection } from './platform/database/embedded';
import { RedisModule } from './platform/database/redis.module';
import { MailModule } from './platform/outbox/mail.module';
import { ENTITIES } from './entities';
import { WorkspaceModule } from './domain/workspace/workspace.module';
import { IdentityModule } from './domain/identity/identity.module';
import { CrmModule } from './domain/crm/crm.module';
import { DemoModule } from './domain/demo/demo.module';

export interface CoreOptions {
  config: AppConfig;
  db: DbConnection;
  logger: pino.Logger;
  /**
   * Where OAuth client metadata documents may be fetched from: public addresses only unless given. A seam for
   * the tests (their documents are served on loopback), deliberately not a setting: no configuration of a
   * running server can point the unauthenticated fetch at internal addresses.
   */
  clientMetadataNetwork?: NetworkPolicy;
}

/** What every part of the process reads: the configuration, the root logger, the clock and the network policies. */
@Global()
@Module({})
class PlatformModule {
  static forRoot(opts: CoreOptions): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: opts.config },
        { provide: ROOT_LOGGER, useValue: opts.logger },
        { provide: USER_DESTINATIONS, useValue: userDestinations(opts.config) },
        { provide: CLIENT_METADATA_DESTINATIONS, useValue: opts.clientMetadataNetwork ?? NetworkPolicy.publicOnly() },
        Clock,
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, USER_DESTINATIONS, CLIENT_METADATA_DESTINATIONS, Clock],
    };
  }
}

/**
 * The platform and the domain, without an interface: what the HTTP application (app.module.ts) serves and what the
 * admin CLI (src/interfaces/cli) runs its commands over. This file imports no interface, so a process that needs only
 * the domain (the CLI) loads none of their modules, schemas or libraries.
 */
export function coreImports(opts: CoreOptions): (Type<unknown> | DynamicModule)[] {
  return [PlatformModule.forRoot(opts), RedisModule, DatabaseModule.forRoot(opts.db, ENTITIES), WorkspaceModule, MailModule, IdentityModule, CrmModule, DemoModule];
}
