/** What other server features may use of the settings: the collectivity's settings (the rest is its own). */
export { type CollectivitySettingsStore, createCollectivitySettings } from './collectivity';
