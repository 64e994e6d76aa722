import { DynamicModule, Module } from '@nestjs/common';
import { AppModule, AppOptions } from '../../app.module';
import { DemoModule } from '../../domain/demo/demo.module';
import { AdminCommands } from './admin-commands';

/** The admin CLI: the application's modules plus the commands (nothing in the application imports the CLI). */
@Module({})
export class CliModule {
  static forRoot(opts: AppOptions): DynamicModule {
    return { module: CliModule, imports: [AppModule.forRoot(opts), DemoModule], providers: [AdminCommands] };
  }
}
