/** What other server features may use of establishments (the rest of this folder is its own). */

export {
  classificationHistory,
  establishmentAuditFields,
  insertEstablishments,
  natureOfTaxedMonth,
  type StoredClassification,
  typeOfTaxedMonth,
} from './classifications';
export { assertMonthLet, assertPeriodLet, stayRefusals } from './life-guard';
export { createLifecycleRepository, lettingNightsSql } from './life-repository';
export { natureColumnsOf } from './nature';
export { createEstablishmentsRepository } from './repository';
export { createEstablishmentsService } from './service';
