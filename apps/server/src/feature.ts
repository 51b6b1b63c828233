import type { ActivationService } from './activation/service';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/database';
import type { Api } from './http/contract-routes';
import type { Mailer } from './mail/mailer';
import type { OffloadPool } from './offload/pool';
import type { RateLimiter } from './security/rate-limiter';

/** What the composition root (src/app.ts) hands every feature. */
export interface FeatureDeps {
  config: Config;
  db: Database;
  databaseKind: DatabaseHandle['kind'];
  now: () => Date;
  tokens: TokenService;
  limiter: RateLimiter;
  /** The account lifecycle by e-mail (activation and reset links). */
  activation: ActivationService;
  /** Mails that are not the account's links (the public reports' acknowledgements and decisions). */
  mailer: Mailer;
  /** Worker threads for the CPU-heavy files (exports): the request thread stays free for other requests. */
  offload: OffloadPool;
}

/** A server feature registers its own routes (from its contracts) in the `/api` scope. */
export type RegisterFeature = (api: Api, deps: FeatureDeps) => void;
