import { DynamicModule, Module } from '@nestjs/common';
import { CoreOptions, coreImports } from '../../core.module';
import { AdminCommands } from './admin-commands';

/**
 * The admin CLI: the platform and the domain (core.module.ts) plus the commands, with no HTTP interface: a command
 * loads and starts what it runs over, not the REST, MCP, OAuth, SCIM and ERP modules (nothing in the application
 * imports the CLI).
 */
@Module({})
export class CliModule {
  static forRoot(opts: CoreOptions): DynamicModule {
    return { module: CliModule, imports: coreImports(opts), providers: [AdminCommands] };
  }
}
