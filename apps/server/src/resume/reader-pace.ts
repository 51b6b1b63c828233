import type { Readable } from 'node:stream';

/**
 * pdfkit pushes every object it finishes into its stream whatever the reader's pace, so a slow client would make
 * the buffer — and memory — grow with each notice written. A writer awaits `ready()` between notices: it resolves
 * at once while the buffer is under the stream's high-water mark, else when the reader asks for more (a
 * Readable calls `_read` once its buffer falls under the mark; pdfkit's own `_read` does nothing), or when the
 * stream is closed (a client gone: the writer then stops).
 */
export function readerPace(stream: Readable): { ready(): Promise<void> } {
  let waiting: (() => void)[] = [];
  const wake = () => {
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  };
  stream._read = wake;
  stream.once('close', wake);
  return {
    ready() {
      if (stream.destroyed || stream.readableLength < stream.readableHighWaterMark) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
