import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** App-wide providers: TanStack Query (more come with auth, toasts and the offline layer). */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 2 } } }));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
