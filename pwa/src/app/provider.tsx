import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from '../lib/toast';
import { queryClient } from './query-client';

/**
 * App-wide providers: TanStack Query and the toaster. Auth (features/auth) and the offline layer
 * (lib/offline) are module-level stores started in main.tsx, so they need no provider.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
