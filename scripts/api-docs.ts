import { writeFileSync } from 'node:fs';
import { renderApiDocs } from '../apps/server/src/http/api-docs';

/** Writes docs/api.md from the route contracts. */
writeFileSync(new URL('../docs/api.md', import.meta.url), renderApiDocs());
