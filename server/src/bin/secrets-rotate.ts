/**
 * `pnpm secrets:rotate` (in the image: `node bin/secrets-rotate.js`): reseals every stored secret with SECRETS_KEY,
 * opening the old ones with SECRETS_KEY_PREVIOUS. Safe to re-run; exits 1 when a value neither key opens, so the
 * previous key is not dropped while something still needs it. Steps: docs/operations.md, 'Rotate secrets'.
 */

import { loadConfigOrExit } from '@pippitch/core/config';
import { rotateSecrets } from '@pippitch/core/salesforce';
import { createDb, createPool } from '@pippitch/sql';

const config = loadConfigOrExit();
if (!config.databaseUrl || !config.secretsKey) {
  console.error('secrets:rotate needs DATABASE_URL and SECRETS_KEY (the new key; SECRETS_KEY_PREVIOUS the old one)');
  process.exit(1);
}
const db = createDb(createPool(config.databaseUrl, { max: 2, applicationName: 'pippitch-secrets-rotate' }));
try {
  const result = await rotateSecrets(db, { current: config.secretsKey, previous: config.secretsKeyPrevious });
  const already = result.checked - result.resealed - result.unreadable.length;
  console.log(
    `secrets:rotate: ${result.checked} Salesforce connection(s): ${result.resealed} resealed with SECRETS_KEY, ` +
      `${already} already sealed with it, ${result.unreadable.length} unreadable`,
  );
  if (result.unreadable.length > 0) {
    console.error(
      `secrets:rotate: neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS opens the tokens of companies ` +
        `${result.unreadable.join(', ')}: keep SECRETS_KEY_PREVIOUS until they are resealed, or their admins reconnect`,
    );
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
