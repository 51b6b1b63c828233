import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser): the binary itself, not the noisy wrapper script. */
export function chromiumExecutable(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}
