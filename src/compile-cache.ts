import { lstatSync, mkdirSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * V8's compiled code for the modules a start loads, kept on disk by Node (`module.enableCompileCache`): compiling the
 * service's and its libraries' files is a large part of a start's CPU (docs/performance.md, "Start-up"). Imported
 * first by the entry points (src/main.ts, the admin CLI), so the modules they load next are compiled from the cache.
 *
 * The folder is NODE_COMPILE_CACHE when the operator sets it, else one of this user's own in the temporary folder.
 * A cache entry is code the process runs, so a folder in a shared temporary folder is used only when it is a real
 * directory that this user owns and nobody else may write to; otherwise the start goes on without the cache, as it
 * does when the folder cannot be written.
 */
export function compileCacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const dir = join(tmpdir(), `crm-compile-cache-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  return privateFolder(dir, uid) ? dir : undefined;
}

/** A directory (not a link to one) owned by `uid` that neither its group nor others may write to. */
export function privateFolder(dir: string, uid: number): boolean {
  try {
    const st = lstatSync(dir);
    return st.isDirectory() && st.uid === uid && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

const folder = compileCacheFolder();
if (folder) enableCompileCache(folder);
