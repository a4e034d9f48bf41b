/** The app's one TanStack Query client (also used to refresh lists when the outbox sends). */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 2 } } });
