import { type Comparison, compare } from './load';
import type { Product } from './product';

/**
 * The admin's heavy list (a year's declarations of one type, amount then provider, the page as deep in the set
 * as offset 5 000 is at full scale): its address on a territory seeded at `scale`.
 */
export function headlineUrl(scale: number): string {
  return `/api/declarations?year=2026&type=HOTEL_3&sort=totalAmount:asc,provider:asc&limit=50&offset=${Math.round(
    5000 * scale,
  )}`;
}

export interface ScalingFigures {
  lines: string[];
  comparison: Comparison;
  /** The big territory's p50 ÷ the small one's (the median round's of each). */
  ratio: number;
  declarations: { big: number; small: number };
}

/**
 * The same list under the same load on the bench's territory and on one of a tenth, in interleaved rounds
 * (big, small, big, …): how the list's latency grows with the data. Linear growth would be × 10; the page is
 * as deep in each set, so the offset grows with the data as a user's would.
 */
export async function benchScaling(
  big: { product: Product; scale: number; declarations: number },
  small: { product: Product; scale: number; declarations: number },
  options: { seconds: number },
): Promise<ScalingFigures> {
  const bigUrl = headlineUrl(big.scale);
  const smallUrl = headlineUrl(small.scale);
  const names = {
    product: `${big.declarations} declarations`,
    baseline: `${small.declarations} declarations`,
  };
  const comparison = await compare(
    `GET ${bigUrl} (offset ${Math.round(5000 * small.scale)} on the small territory)`,
    { url: `${big.product.address}${bigUrl}`, seconds: options.seconds, headers: big.product.headers },
    { url: `${small.product.address}${smallUrl}`, seconds: options.seconds, headers: small.product.headers },
    names,
  );
  const ratio = comparison.product.medianP50 / Math.max(comparison.baseline.medianP50, 0.1);
  return {
    lines: [
      ...comparison.lines,
      `    p50 (median round) ${comparison.product.medianP50} ms ÷ ${comparison.baseline.medianP50} ms: × ${ratio.toFixed(2)} for × ${(
        big.declarations / small.declarations
      ).toFixed(1)} the declarations`,
    ],
    comparison,
    ratio,
    declarations: { big: big.declarations, small: small.declarations },
  };
}
