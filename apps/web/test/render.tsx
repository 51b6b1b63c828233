import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { readApiError } from '../src/app/server-errors';
import { theme } from '../src/app/theme';
import { ModalViewport } from '../src/ui/feedback/ModalViewport';
import { ServerErrorReaderContext } from '../src/ui/form/server-errors';

/** Shows the current location, so a test can read the URL a component wrote. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function Providers(props: { children: ReactNode; url?: string; queryClient?: QueryClient }) {
  const [client] = useState(
    () => props.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <ServerErrorReaderContext.Provider value={readApiError}>
          <ModalViewport />
          <MemoryRouter initialEntries={[props.url ?? '/']}>
            {props.children}
            <LocationProbe />
          </MemoryRouter>
        </ServerErrorReaderContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Renders inside the app's providers (Mantine, Query, the modals' viewport, a memory router at `url`); the
 * query cache is a fresh one unless the test gives its own.
 */
export function renderUi(ui: ReactElement, options: { url?: string; queryClient?: QueryClient } = {}) {
  return render(ui, {
    wrapper: ({ children }) => (
      <Providers url={options.url} queryClient={options.queryClient}>
        {children}
      </Providers>
    ),
  });
}

/** The URL the memory router is at. */
export function currentUrl(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
