import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterRunning } from './refetch-now';

/** A query function whose answers the test gives one by one: the server's catalogue as it moves. */
function answeredByTest() {
  const answers: ((value: string) => void)[] = [];
  const queryFn = () => new Promise<string>((resolve) => answers.push(resolve));
  return { queryFn, answers };
}

describe('invalidateAfterRunning', () => {
  it('fetches again after a first fetch that was under way when the news came', async () => {
    const client = new QueryClient();
    const { queryFn, answers } = answeredByTest();
    const observer = new QueryObserver(client, { queryKey: ['products'], queryFn, staleTime: 60_000 });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    expect(answers).toHaveLength(1);
    const invalidated = invalidateAfterRunning(client, ['products']);
    answers[0]?.('old price');
    await expect.poll(() => answers.length).toBe(2);
    answers[1]?.('new price');
    await invalidated;
    expect(client.getQueryData(['products'])).toBe('new price');
    expect(seen.at(-1)).toBe('new price');
    unsubscribe();
  });

  it('marks a query nobody shows yet, so it fetches again when shown', async () => {
    const client = new QueryClient();
    const { queryFn, answers } = answeredByTest();
    const prefetched = client.prefetchQuery({ queryKey: ['products'], queryFn, staleTime: 60_000 });
    const invalidated = invalidateAfterRunning(client, ['products']);
    answers[0]?.('old price');
    await Promise.all([prefetched, invalidated]);
    expect(client.getQueryState(['products'])?.isInvalidated).toBe(true);
  });
});
