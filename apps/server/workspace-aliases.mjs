// The workspace's own packages are TypeScript sources: the server's bundle (build.mjs) and the test that
// checks that bundle (test/bundle-locale.test.ts) resolve them to their sources through these aliases.
import { fileURLToPath } from 'node:url';

const source = (path) => fileURLToPath(new URL(`../../packages/domain/src/${path}`, import.meta.url));

export const workspaceAliases = {
  '@sejour/domain': source('index.ts'),
  // The estimator apart from the index (its dictionaries stay out of the web app's screens).
  '@sejour/domain/password-estimator': source('passwords/zxcvbn.ts'),
};
