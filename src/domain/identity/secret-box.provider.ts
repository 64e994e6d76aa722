import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { SecretBox } from '../../platform/common/crypto';

export const SECRET_BOX = Symbol('SECRET_BOX');

/** SECRET_KEY when set; otherwise a key generated once into DATA_DIR/secret.key (mode 0600). */
export const secretBoxProvider: Provider = {
  provide: SECRET_BOX,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => {
    if (config.secretKey) return new SecretBox(config.secretKey);
    const file = join(config.dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    return new SecretBox(readFileSync(file, 'utf8').trim());
  },
};
