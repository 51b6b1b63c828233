import { establishmentsApi } from '@sejour/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session';
import { ApiError } from './client';
import { upload } from './upload';

/** The network of an upload: records the request and lets the test report progress and answer. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body = '';
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: string) {
    this.body = body;
    FakeRequest.last = this;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const sent = () => {
  if (!FakeRequest.last) throw new Error('nothing was sent');
  return FakeRequest.last;
};
const body = { base64: 'data:image/png;base64,AAAA', file: 'a.png' };

beforeEach(() => {
  FakeRequest.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('upload', () => {
  it('sends the JSON body to the contract’s URL, reports progress, answers the data', async () => {
    const reports: number[] = [];
    const done = upload(establishmentsApi.uploadImage, {
      params: { id: 9 },
      body,
      onProgress: ({ loaded, total }) => reports.push(loaded / total),
    });
    const request = sent();
    expect([request.method, request.url]).toEqual(['POST', '/api/establishments/9/image']);
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual(body);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
    request.answer(200, { success: true, data: { id: 9 } });
    expect(await done).toEqual({ id: 9 });
    expect(reports).toEqual([0.25, 1]);
  });

  it('answers the envelope’s error like `call`, and an ended session logs out', async () => {
    const clear = vi.spyOn(session, 'clear');
    const refused = upload(establishmentsApi.uploadImage, { params: { id: 9 }, body });
    sent().answer(413, { success: false, code: 'file_too_large', message: 'Trop gros.' });
    await expect(refused).rejects.toMatchObject({
      code: 'file_too_large',
      status: 413,
      message: 'Trop gros.',
    });
    expect(clear).not.toHaveBeenCalled();

    const expired = upload(establishmentsApi.uploadImage, { params: { id: 9 }, body });
    sent().answer(401, { success: false, code: 'token_expired', message: 'Session expirée.' });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(clear).toHaveBeenCalled();
  });

  it('an unreachable server is network_error', async () => {
    const failed = upload(establishmentsApi.uploadImage, { params: { id: 9 }, body });
    sent().onerror?.();
    await expect(failed).rejects.toMatchObject({ code: 'network_error' });
  });
});
