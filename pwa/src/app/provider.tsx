import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from '../lib/toast';
import { queryClient } from './query-client';

/** App-wide providers: TanStack Query and the toaster (auth and the offline layer come later). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
