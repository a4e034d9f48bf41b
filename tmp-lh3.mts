import { startStack } from './scripts/lib/stack';
import { measureLighthouse } from './scripts/bench/lighthouse';
const stack = await startStack({ e2eHooks: false });
for (const f of await measureLighthouse('/usr/bin/chromium', stack.baseUrl)) console.log('RESULT', f.name.slice(0, 40), f.value, JSON.stringify((f.data?.runs as any[])?.map((r) => [r.performance, Math.round(r.tbt), Math.round(r.lcp)])));
await stack.stop();
