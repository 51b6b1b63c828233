import { monthKeysOfStay, nightsBetween, type RegisterStay } from '@sejour/domain';
import type { StayRow } from '../db/schema';

/**
 * A stored stay as the API answers it: its nights, and whether a done month freezes it. Cheap on purpose: a
 * month of a large register maps thousands of them, and most registers have no done month in the period.
 */
export function toRegisterStay(row: StayRow, doneMonths: ReadonlySet<string>): RegisterStay {
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    arrival: row.arrival,
    departure: row.departure,
    nights: nightsBetween(row.arrival, row.departure),
    persons: row.persons,
    exempted: row.exempted,
    exemptionReason: row.exemptionReason,
    price: row.price,
    platform: row.platform,
    reference: row.reference,
    locked: doneMonths.size > 0 && monthKeysOfStay(row).some((key) => doneMonths.has(key)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
