import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the Chromium tests write their screenshots: SCREENS_DIR, else `test-output/screens/` of the checkout
 * (ignored by git). Only the few screenshots the README shows are committed, under docs/screens; copy a new
 * one there by hand when a page it shows changes.
 */
export function screensDir(): string {
  const dir = process.env.SCREENS_DIR ? resolve(process.env.SCREENS_DIR) : join(__dirname, '..', '..', 'test-output', 'screens');
  mkdirSync(dir, { recursive: true });
  return dir;
}
