import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The key `pnpm start` gives the server and worker when SECRETS_KEY is unset (never in production, where the
 * configuration requires it): 32 random bytes made on first start and kept in DATA_DIR beside the embedded
 * database, so tokens encrypted yesterday still decrypt today and a fresh clone needs no setup.
 */
export async function localSecretsKey(root: string, dataDir: string): Promise<string> {
  const dir = resolve(root, dataDir);
  const file = join(dir, 'secrets.key');
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return (await readFile(file, 'utf8')).trim();
}
