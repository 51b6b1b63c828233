import { notifications } from '@mantine/notifications';
import type { EstablishmentDetail } from '@sejour/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { ToastViewport } from '../ui';
import { EstablishmentImage } from './EstablishmentImage';

/** The network of an upload: records the request, and lets the test report progress and answer. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
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
  setRequestHeader() {}
  send(body: string) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  abort() {}
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const establishment: EstablishmentDetail = {
  id: 7,
  userId: 3,
  owner: { id: 3, username: 'henri', firstname: 'Henri', lastname: 'Dupont', company: null },
  name: 'Gîte des Mirabelles',
  capacityMaxRoom: null,
  capacityMaxPerson: null,
  address: null,
  city: null,
  cp: null,
  type: null,
  typePrecision: null,
  description: null,
  numero: null,
  openingDate: '2026-01-01',
  ceasedOn: null,
  image: null,
  createDate: '2026-01-01T00:00:00.000Z',
  nature: null,
  stars: null,
  classifiedOn: null,
  natureLabel: null,
  declarationCount: 0,
  classificationLapsesOn: null,
  classificationHistory: [],
};

beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function lastRequest(): FakeRequest {
  const request = FakeRequest.sent.at(-1);
  if (!request) throw new Error('nothing was sent');
  return request;
}

// Rendering Mantine and reading the file takes a few seconds on a busy machine.
describe('EstablishmentImage', { timeout: 20_000 }, () => {
  it('shows how much of the image has been sent, then the server’s refusal', async () => {
    const user = userEvent.setup();
    const { container } = renderUi(
      <>
        <EstablishmentImage establishment={establishment} />
        <ToastViewport />
      </>,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(3000)], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/establishments/7/image');
    expect(JSON.parse(request.body)).toMatchObject({ file: 'photo.png' });

    const bar = screen.getByRole('progressbar', { name: 'Envoi de l’image' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    request.progress(2000, 4000);
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar.closest("[data-testid='transfer-progress']")?.textContent).toMatch(/50\u00a0% de /);
    request.progress(4000, 4000);
    expect(screen.getByText('Envoyé, traitement en cours…')).toBeInTheDocument();

    request.answer(415, {
      success: false,
      code: 'file_type_not_allowed',
      message: 'Ce fichier n’est pas une image PNG, JPEG ou WebP.',
    });
    expect(await screen.findByText('Ce fichier n’est pas une image PNG, JPEG ou WebP.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Envoyer l’image' })).toBeEnabled();
  });

  it('shows why "Retirer l’image" failed', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/image/')) return new Response(new Blob([new Uint8Array(4)]), { status: 200 });
      return new Response(
        JSON.stringify({ success: false, code: 'not_found', message: 'Cet établissement n’a pas d’image.' }),
        { status: 404, headers: { 'Content-Type': 'application/json' } },
      );
    });
    renderUi(
      <>
        <EstablishmentImage
          establishment={{
            ...establishment,
            image: {
              filename: 'a.webp',
              mimeType: 'image/webp',
              size: 4,
              width: 1,
              height: 1,
              version: 'v1',
            },
          }}
        />
        <ToastViewport />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Retirer l’image' }));
    expect(await screen.findByText('Cet établissement n’a pas d’image.')).toBeInTheDocument();
  });
});
