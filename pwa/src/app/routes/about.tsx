import { useT } from '../../lib/i18n/i18n';

/** `/about` (spec §2): what Taza Haat is, and the picture credits. */
export default function AboutRoute() {
  const t = useT();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-primary">{t('about.heading')}</h1>
      <p className="mt-6 text-lg leading-relaxed">{t('about.text')}</p>
      <h2 className="mt-10 text-xl font-semibold">{t('about.credits')}</h2>
      {/* The link and the package name sit between the sentence's parts, in either language's word order. */}
      <p className="mt-2 leading-relaxed">
        {t('about.creditsBefore')}{' '}
        <a className="link link-primary" href="https://github.com/microsoft/fluentui-emoji" rel="noreferrer">
          Fluent Emoji 3D
        </a>{' '}
        {t('about.creditsAfter')} <code>@lobehub/fluent-emoji-3d</code>
        {t('about.creditsEnd')}
      </p>
    </section>
  );
}
