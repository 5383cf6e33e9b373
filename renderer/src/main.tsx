import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { listenToMain } from './api/pushes.ts';
import { queryClient } from './api/query.ts';
import { App } from './App.tsx';
import { LocaleProvider } from './i18n/LocaleProvider.tsx';

// Before the first render: a status or progress push must find the cache listening.
listenToMain();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <App />
      </LocaleProvider>
    </QueryClientProvider>
  </StrictMode>,
);
