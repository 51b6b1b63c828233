import { STAY_COLUMNS } from '@sejour/domain';
import { createMappingMemory } from '../ui/spreadsheet/mapping-memory';

/** The stay import's remembered columns, under the storage key they always had, so earlier choices stay. */
export const { recall: recallMapping, remember: rememberMapping } = createMappingMemory(
  'sejour.import-columns',
  STAY_COLUMNS,
);
