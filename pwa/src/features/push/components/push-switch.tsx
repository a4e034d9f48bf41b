import { SettingSwitch } from '../../../components/setting-switch';
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
    <SettingSwitch
      label={t('push.setting.label')}
      help={{ id: 'push-switch-help', text: t('push.setting.help') }}
      checked={on}
      disabled={push.state === undefined || unavailable || push.busy}
      testId="push-switch"
      onChange={() => void (on ? push.turnOff() : push.turnOn())}
    >
      {note && (
        <p role={push.error ? 'alert' : undefined} className={`text-sm ${push.error ? 'text-error' : ''}`}>
          {note}
        </p>
      )}
    </SettingSwitch>
  );
}
