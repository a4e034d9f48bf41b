import { useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { usePush } from '../use-push';

/** localStorage: the prompt's "Not now", per kind, so it does not come back on every visit. */
const dismissedKey = (kind: PushPromptKind) => `pushPromptDismissed:${kind}`;

export type PushPromptKind = 'shopper' | 'admin';

/**
 * The ask for notifications at the moment they make sense (DESIGN.md §11): a shopper's once they
 * have an order to follow (My Orders, where placing an order lands), an admin's on the dashboard
 * ("Get told of every new order"). Shown only while this device is not subscribed and notifications
 * are not blocked (a blocked site is explained in the profile's switch instead); "Not now" hides
 * it on this device. The browser's own permission prompt comes only from the button's click.
 */
export function PushPrompt({ kind }: { kind: PushPromptKind }) {
  const t = useT();
  const push = usePush();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(kind)) === '1');
  const [turnedOn, setTurnedOn] = useState(false);
  if (turnedOn)
    return (
      <p role="status" className="alert alert-success mb-4" data-testid="push-prompt-done">
        {kind === 'admin' ? t('push.admin.on') : t('push.enabled')}
      </p>
    );
  if (dismissed || push.state !== 'off') return null;
  const dismiss = () => {
    localStorage.setItem(dismissedKey(kind), '1');
    setDismissed(true);
  };
  const title = kind === 'admin' ? t('push.admin.title') : t('push.prompt.title');
  return (
    <section
      aria-labelledby={`push-prompt-${kind}`}
      className="alert alert-vertical sm:alert-horizontal mb-4 items-start bg-base-100 text-start ring-1 ring-primary/40"
      data-testid="push-prompt"
    >
      <div className="grid gap-1">
        <h2 id={`push-prompt-${kind}`} className="font-semibold">
          {title}
        </h2>
        <p className="text-sm">{kind === 'admin' ? t('push.admin.body') : t('push.prompt.body')}</p>
        {push.error && (
          <p role="alert" className="text-sm text-error">
            {push.error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary min-h-11"
          disabled={push.busy}
          onClick={() => void push.turnOn().then((after) => setTurnedOn(after === 'on'))}
        >
          {t('push.prompt.enable')}
        </button>
        <button type="button" className="btn btn-ghost min-h-11" onClick={dismiss}>
          {t('push.prompt.dismiss')}
        </button>
      </div>
    </section>
  );
}
