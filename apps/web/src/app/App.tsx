import '../i18n';
// Mantine's base styles are in the entry (main.tsx); here those of the components the screens use.
import './mantine-components.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DeferredToastViewport } from '../ui/feedback/DeferredToastViewport';
import { ModalViewport } from '../ui/feedback/ModalViewport';
import { ServerErrorReaderContext } from '../ui/form/server-errors';
import { colorSchemeManager } from '../ui/icons/color-scheme';
import { queryClient } from './query-client';
import { AppRoutes } from './router';

// What the login form waits for before it hands over (the app, then the shell's code), and the entry on
// any other address before its first render (the code of the address's routes, and the reads they name).
export { preloadFirstVisit, prepareShellAt } from './router';

import { readApiError } from './server-errors';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      <QueryClientProvider client={queryClient}>
        <ServerErrorReaderContext.Provider value={readApiError}>
          <DeferredToastViewport />
          <ModalViewport />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ServerErrorReaderContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
