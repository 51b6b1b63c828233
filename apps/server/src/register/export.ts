import {
  MONTH_NAMES,
  MONTHS,
  type Month,
  type RegisterPeriodQuery,
  STAY_MAX_NIGHTS,
  type Stars,
  typeOfMonth,
} from '@sejour/domain';
import type { Database } from '../db/database';
import { classificationHistory } from '../establishments';
import { AppError } from '../http/errors';
import type { OffloadPool } from '../offload/pool';
import type { ExportStay, RegisterExportHead } from './render';
import { createRegisterRepository } from './repository';
import { periodBounds } from './service';

/** A stay of the period may start up to its longest length before it and end as long after it. */
function daysFrom(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The register's exports: the request reads the stays page by page and hands each page to a worker of the
 * offload pool, which makes the file (a year of a large register is seconds of layout, which would otherwise
 * stop every other request).
 */
export function createRegisterExports(db: Database, offload: OffloadPool) {
  async function load(establishmentId: number, query: RegisterPeriodQuery) {
    const repository = createRegisterRepository(db);
    const establishment = await repository.establishment(establishmentId);
    if (!establishment) throw new AppError('not_found');
    const { from, to } = periodBounds(query);
    // Each night of a stay is taxed at its own pricing, before or after the period as well.
    const pricings = await repository.pricingsOverlapping(
      daysFrom(from, -STAY_MAX_NIGHTS),
      daysFrom(to, STAY_MAX_NIGHTS),
    );
    const period = query.month === undefined ? `${query.year}` : `${MONTH_NAMES[query.month]} ${query.year}`;
    const slug =
      query.month === undefined ? `${query.year}` : `${query.year}-${String(query.month).padStart(2, '0')}`;
    const history = await classificationHistory(db, establishmentId);
    const current = { ...establishment, stars: establishment.stars as Stars | null };
    const typeOf = (month: Month) => typeOfMonth(current, history, { year: query.year, month });
    // A month's stays are taxed with that month's row, as its declaration; over a year, each with its arrival's
    // month (a stay arriving before the year, with January's).
    const head: RegisterExportHead = {
      title: `Registre du logeur — ${establishment.name} — ${period}`,
      type: typeOf(query.month ?? 1),
      ...(query.month === undefined
        ? {
            typeByMonth: Object.fromEntries(
              MONTHS.map((month) => [`${query.year}-${String(month).padStart(2, '0')}`, typeOf(month)]),
            ),
          }
        : {}),
      pricings,
    };
    async function* stays(): AsyncGenerator<ExportStay[]> {
      for await (const page of repository.ofPeriodInPages(establishmentId, from, to)) {
        yield page.map((row) => ({
          arrival: row.arrival,
          departure: row.departure,
          persons: row.persons,
          exempted: row.exempted,
          exemptionReason: row.exemptionReason,
          price: row.price,
          platform: row.platform,
          reference: row.reference,
        }));
      }
    }
    return { head, stays: stays(), filename: `registre-${slug}` };
  }

  return {
    async csv(establishmentId: number, query: RegisterPeriodQuery) {
      const { head, stays, filename } = await load(establishmentId, query);
      return { body: await offload.run('registerCsv', head, stays), filename: `${filename}.csv` };
    },

    async pdfFile(establishmentId: number, query: RegisterPeriodQuery) {
      const { head, stays, filename } = await load(establishmentId, query);
      const pdf = await offload.run('registerPdf', head, stays);
      return { body: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), filename: `${filename}.pdf` };
    },
  };
}
