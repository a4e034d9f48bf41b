import { useT } from '../../../lib/i18n/i18n';
import { usePush } from '../use-push';

/**
 * The profile's Notifications on/off switch for this device (DESIGN.md §11): on subscribes (the
 * browser asks for permission when it has not yet), off unsubscribes. A browser without push, or a
 * site whose notifications are blocked, gets the switch disabled with the reason.
 */
export function PushSwitch() {
  const t = useT();
  const push = usePush();
  const on = push.state === 'on';
  const unavailable = push.state === 'unsupported' || push.state === 'denied';
  const note =
    push.state === 'unsupported' ? t('push.unsupported') : push.state === 'denied' ? t('push.denied') : push.error;
  return (
    // Laid out as the profile's own cards (features/auth ProfileCard): the same column, 24 px below them.
    <section className="mx-auto -mt-6 max-w-md px-4 pb-12">
      <div className="card bg-base-200">
        <div className="card-body gap-2">
          {/* The whole row is the switch's target (44 px high, full width). */}
          <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 font-semibold">
            {t('push.setting.label')}
            <input
              type="checkbox"
              role="switch"
              className="toggle toggle-primary toggle-lg"
              checked={on}
              disabled={push.state === undefined || unavailable || push.busy}
              aria-describedby="push-switch-help"
              data-testid="push-switch"
              onChange={() => void (on ? push.turnOff() : push.turnOn())}
            />
          </label>
          <p className="text-sm text-base-content/70" id="push-switch-help">
            {t('push.setting.help')}
          </p>
          {note && (
            <p role={push.error ? 'alert' : undefined} className={`text-sm ${push.error ? 'text-error' : ''}`}>
              {note}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
