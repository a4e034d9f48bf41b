import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';

type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** "Install" in the header, shown only when the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const t = useT();
  const [promptEvent, setPromptEvent] = useState<InstallPromptEvent>();
  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  if (!promptEvent) return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm min-h-11"
      onClick={() => {
        void promptEvent.prompt();
        setPromptEvent(undefined);
      }}
    >
      {t('offline.install')}
    </button>
  );
}
