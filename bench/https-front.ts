import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers of one hop (HTTP/1.1's connection management) that HTTP/2 forbids or that do not cross a proxy. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
]);

export interface HttpsFront {
  /** `https://127.0.0.1:port`: the product behind the front. */
  address: string;
  close(): Promise<void>;
}

/**
 * The product as a phone reaches it in production: HTTPS and HTTP/2 at a reverse proxy (operations.md), which
 * forwards to the server over HTTP/1.1. A certificate for 127.0.0.1 is made on the spot (`openssl`); the
 * browser is told to accept it (`--ignore-certificate-errors`).
 */
export async function httpsFront(origin: string): Promise<HttpsFront> {
  const dir = mkdtempSync(join(tmpdir(), 'sejour-front-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(keyFile);
  const cert = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });
  const target = new URL(origin);
  const agent = new Agent({ keepAlive: true });
  const forward = (incoming: Http2ServerRequest, outgoing: Http2ServerResponse) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (name.startsWith(':') || HOP_HEADERS.has(name) || value === undefined) continue;
      headers[name] = value;
    }
    headers.host = target.host;
    const upstream = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        const answerHeaders: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (HOP_HEADERS.has(name) || value === undefined) continue;
          answerHeaders[name] = value;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  };
  const server = createSecureServer({ key, cert, allowHTTP1: true }, forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
