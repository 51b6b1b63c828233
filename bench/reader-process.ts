/**
 * The reader of `download` (load.ts), in a process of its own, as a browser downloading an export is: the
 * bench's process then holds the server alone, and what it measures (time, CPU, memory, the light requests'
 * wait during the download) is the server's, not the server's and this reader's together. It fetches each URL
 * it is sent, counts the bytes and lines it receives (decompressed, as a browser would save them) and answers.
 */
export interface ReadRequest {
  url: string;
  headers: Record<string, string>;
}

export type ReadAnswer = { bytes: number; lines: number } | { error: string };

const LINE_FEED = 10;

async function read({ url, headers }: ReadRequest): Promise<ReadAnswer> {
  const response = await fetch(url, { headers });
  if (!response.ok) return { error: `${url} answered ${response.status}: ${await response.text()}` };
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(LINE_FEED); at !== -1; at = chunk.indexOf(LINE_FEED, at + 1)) lines++;
  }
  return { bytes, lines };
}

if (process.send) {
  process.on('message', (request: ReadRequest) => {
    read(request).then(
      (answer) => process.send?.(answer),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  });
  process.send('ready');
}
