import { type DataOf, pathOf, type RouteContract } from '@sejour/domain';
import { ApiError, buildUrl, type CallOptions, type Envelope, failure, jsonHeaders } from './client';

/** How far a request's body has gone: bytes sent out of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends a write of `contract` (a file in its JSON body) like `call` — same URL, headers, envelope, errors and
 * logout — and reports the body's progress as it leaves the browser. `fetch` cannot tell how much of a
 * request body was sent, `XMLHttpRequest.upload` can.
 */
export function upload<C extends RouteContract & { body: NonNullable<RouteContract['body']> }>(
  contract: C,
  options: Omit<CallOptions<C>, 'timeoutMs'> & { onProgress?: (progress: UploadProgress) => void },
): Promise<DataOf<C>> {
  const url = buildUrl(pathOf(contract.path, options.params as Record<string, unknown> | undefined));
  const unreachable = () =>
    new ApiError('network_error', `Impossible de se connecter au serveur : ${contract.method} ${url}`, 0);
  return new Promise<DataOf<C>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(contract.method, url);
    for (const [name, value] of Object.entries(jsonHeaders(true))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      let envelope: Envelope | null;
      try {
        envelope = JSON.parse(request.responseText) as Envelope;
      } catch {
        reject(request.status === 0 ? unreachable() : failure(null, request.status));
        return;
      }
      if (envelope?.success === true) resolve(envelope.data as DataOf<C>);
      else reject(failure(envelope, request.status));
    };
    request.onerror = () => reject(unreachable());
    request.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(JSON.stringify(options.body));
  });
}
