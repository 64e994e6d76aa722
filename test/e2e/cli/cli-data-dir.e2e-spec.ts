import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The admin CLI warns when DATA_DIR holds no database (most often the wrong directory). */
const run = promisify(execFile);
const root = join(__dirname, '..', '..', '..');
const cliPath = join(root, 'dist', 'src', 'interfaces', 'cli', 'main.js');

// a fresh embedded database runs every migration: minutes, not seconds, on a loaded 2-core machine
async function cli(dataDir: string, ...args: string[]): Promise<{ out: Record<string, unknown>; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
  delete env.LOG_LEVEL;
  const { stdout, stderr } = await run(process.execPath, [cliPath, ...args], { env, timeout: 560_000 });
  return { out: JSON.parse(stdout), err: stderr };
}

/**
 * Everything here runs on the embedded database whatever the pass (DATA_DIR, DATABASE_URL=''): on the
 * PostgreSQL pass it would only repeat the PGlite pass, so it runs there alone.
 */
const embeddedPass = process.env.DATABASE_URL ? describe.skip : describe;

embeddedPass('admin CLI on a DATA_DIR', () => {
  it('warns on stderr when DATA_DIR holds no database, and not once it does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-cli-empty-'));
    const first = await cli(dir, 'workspace:create', '--slug', 'fresh', '--name', 'Fresh', '--admin-email', 'admin@fresh.test', '--admin-password', 'Fresh-Admin-Pass-1');
    expect(first.out).toMatchObject({ workspace: { slug: 'fresh' } });
    const warnings = first.err.trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string; data_dir: string });
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        data_dir: dir,
        msg: `DATA_DIR ${dir} holds no database: a new, empty one is created there. Set DATA_DIR to the server's data directory (default ./data where the server was started) or DATABASE_URL to change an existing installation.`,
      }),
    ]);
    const second = await cli(dir, 'license:set', '--workspace', 'fresh', '--seats', '3');
    expect(second.out).toEqual({ ok: true });
    expect(second.err).toBe('');
  }, 600_000);
});
