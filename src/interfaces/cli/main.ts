import '../../compile-cache';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { DomainError } from '../../platform/common/errors';
import { loadConfig } from '../../platform/config/app-config';
import { connectToLiveEmbedded, DbConnection, hasEmbeddedDatabase, openDatabase } from '../../platform/database/embedded';
import { AdminCommands, Flags, USAGE } from './admin-commands';
import { CliModule } from './cli.module';

/** `--key value` / `--key=value` / `--flag` */
export function parseFlags(args: string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) throw new DomainError('invalid', `unexpected argument "${a}"`);
    const eq = a.indexOf('=');
    if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
    else if (i + 1 < args.length && !args[i + 1].startsWith('--')) flags[a.slice(2)] = args[++i];
    else flags[a.slice(2)] = true;
  }
  return flags;
}

/**
 * Admin CLI: one JSON object on stdout; errors as JSON on stderr with a non-zero exit. In embedded mode
 * it connects to the running server's database socket when a server holds DATA_DIR, otherwise it opens
 * the database itself (and holds the lock meanwhile).
 */
async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    process.stderr.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  const logger = pino({ level: process.env.LOG_LEVEL || 'warn' }, pino.destination(2));
  let db: DbConnection | null = null;
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>> | null = null;
  try {
    const flags = parseFlags(rest);
    const live = !config.databaseUrl && connectToLiveEmbedded(config.dataDir);
    if (!config.databaseUrl && !live && !hasEmbeddedDatabase(config.dataDir)) {
      // most often the wrong directory (DATA_DIR defaults to ./data of the current one): say so before creating an empty database
      logger.warn({ data_dir: config.dataDir }, `DATA_DIR ${config.dataDir} holds no database: a new, empty one is created there. Set DATA_DIR to the server's data directory (default ./data where the server was started) or DATABASE_URL to change an existing installation.`);
    }
    db = live || (await openDatabase(config));
    app = await NestFactory.createApplicationContext(CliModule.forRoot({ config, db, logger }), { logger: false, abortOnError: false });
    const out = await app.get(AdminCommands).run(command, flags);
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  } catch (e) {
    const err = e instanceof DomainError ? { ok: false, error: e.code, message: e.message } : { ok: false, error: 'internal', message: (e as Error).message };
    process.stderr.write(`${JSON.stringify(err)}\n`);
    return e instanceof DomainError ? 2 : 1;
  } finally {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
  }
}

if (require.main === module) {
  void main().then((code) => process.exit(code));
}
