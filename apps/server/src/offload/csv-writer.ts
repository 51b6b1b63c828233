import { type CsvRow, csvFileHead, csvLines } from '@sejour/domain';

/**
 * A CSV file as an offload stream writes it: the header (with the byte order mark) before the first page's
 * lines, each page of items turned into its rows' lines, as UTF-8. The same text, piece for piece, as
 * `csvFileStream` writes from the same rows; only where the chunks are cut differs.
 */
export function csvWriter<Item>(header: CsvRow, rowsOf: (items: readonly Item[]) => Iterable<CsvRow>) {
  const encoder = new TextEncoder();
  let head = csvFileHead(header);
  const take = (text: string) => {
    const bytes = encoder.encode(head + text);
    head = '';
    return bytes;
  };
  return {
    add: async (items: readonly Item[]): Promise<Uint8Array> => take(csvLines(rowsOf(items))),
    // A file without rows is its header alone.
    end: async (): Promise<Uint8Array> => take(''),
  };
}
