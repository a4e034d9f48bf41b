/**
 * This device's notifications for the push screens (DESIGN.md §11): its state, and turning them
 * on (in the language shown) or off, with the text of what went wrong in the language shown.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiErrorText } from '../../lib/i18n/api-errors';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { readPushState, turnPushOff, turnPushOn, type PushState } from '../../lib/push/push-subscription';

export type UsePush = {
  /** undefined until read. */
  state: PushState | undefined;
  busy: boolean;
  /** What went wrong last, in the language shown; '' when nothing did. */
  error: string;
  /** @returns the state after, or undefined when it failed (`error` says why). */
  turnOn: () => Promise<PushState | undefined>;
  turnOff: () => Promise<PushState | undefined>;
};

/** Reads the state once, then follows what `turnOn`/`turnOff` do. */
export function usePush(): UsePush {
  const [state, setState] = useState<PushState>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    void readPushState().then((read) => live && setState(read));
    return () => {
      live = false;
    };
  }, []);
  const change = useCallback(async (action: () => Promise<PushState>): Promise<PushState | undefined> => {
    setBusy(true);
    setError('');
    try {
      const after = await action();
      setState(after);
      return after;
    } catch (failure) {
      setError(apiErrorText(failure, t('push.failed')));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return {
    state,
    busy,
    error,
    turnOn: () => change(() => turnPushOn(currentLocale())),
    turnOff: () =>
      change(async () => {
        await turnPushOff();
        return readPushState();
      }),
  };
}
