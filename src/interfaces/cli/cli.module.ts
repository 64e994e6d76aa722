import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
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
    return { module: CliModule, imports: coreImports({ ...opts, config: cliConfig(opts.config) }), providers: [AdminCommands] };
  }
}

/**
 * The service's configuration with the workers that claim shared work off (webhook deliveries, workflow runs,
 * import jobs): a command lives a second or two, and a job it claimed would wait for its lease to run out on the
 * server (or hold the command open until it was done). The periodic jobs (mail, housekeeping, mailbox sync, usage)
 * first run after their interval, which no command lives to see.
 */
export function cliConfig(config: AppConfig): AppConfig {
  return { ...config, webhookWorker: false, workflowWorker: false, importWorker: false };
}
