import {
  type CollectivitySettings,
  collectivitySettingsSchema,
  DEFAULT_COLLECTIVITY_SETTINGS,
} from '@sejour/domain';
import { eq } from 'drizzle-orm';
import { recordChange } from '../audit/recorder';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/database';
import { settings } from '../db/schema';

const KEY = 'collectivity';

/**
 * The collectivity's identity and payment terms, kept in the shared settings table so every instance prints the
 * same notices. Until an admin saves them, the defaults (with the configured name) apply.
 */
export function createCollectivitySettings(db: Executor, configuredName: string) {
  const defaults: CollectivitySettings = { ...DEFAULT_COLLECTIVITY_SETTINGS, name: configuredName };
  return {
    async get(): Promise<CollectivitySettings> {
      const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
      if (!row) return defaults;
      const parsed = collectivitySettingsSchema.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : defaults;
    },

    async set(value: CollectivitySettings): Promise<CollectivitySettings> {
      const text = JSON.stringify(value);
      await db
        .insert(settings)
        .values({ key: KEY, value: text })
        .onConflictDoUpdate({ target: settings.key, set: { value: text } });
      return value;
    },
  };
}

export type CollectivitySettingsStore = ReturnType<typeof createCollectivitySettings>;

/** Saves the collectivity settings and records what changed, in one transaction. */
export async function saveCollectivitySettings(
  db: Database,
  configuredName: string,
  value: CollectivitySettings,
  actor: Actor,
): Promise<CollectivitySettings> {
  return db.transaction(async (tx) => {
    const store = createCollectivitySettings(tx, configuredName);
    const before = await store.get();
    const saved = await store.set(value);
    if (JSON.stringify(before) !== JSON.stringify(saved)) {
      await recordChange(tx, actor, {
        action: 'update',
        entity: 'settings',
        entityLabel: 'Collectivité',
        before: { ...before },
        after: { ...saved },
      });
    }
    return saved;
  });
}
