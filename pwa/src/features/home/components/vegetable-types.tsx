import { useT } from '../../../lib/i18n/i18n';

/** The nine vegetable types with short descriptions (spec §1): two columns from a phone up, three on desktops. */
export function VegetableTypes() {
  const t = useT();
  const types = [
    { name: t('home.kind.leafy'), text: t('home.kind.leafyText') },
    { name: t('home.kind.roots'), text: t('home.kind.rootsText') },
    { name: t('home.kind.gourds'), text: t('home.kind.gourdsText') },
    { name: t('home.kind.beans'), text: t('home.kind.beansText') },
    { name: t('home.kind.onions'), text: t('home.kind.onionsText') },
    { name: t('home.kind.nightshades'), text: t('home.kind.nightshadesText') },
    { name: t('home.kind.cabbages'), text: t('home.kind.cabbagesText') },
    { name: t('home.kind.chilies'), text: t('home.kind.chiliesText') },
    { name: t('home.kind.mushrooms'), text: t('home.kind.mushroomsText') },
  ];
  return (
    <section className="mx-auto my-8 max-w-6xl px-4 sm:my-12" aria-labelledby="types-heading">
      <h2 id="types-heading" className="mb-4 text-2xl font-bold sm:mb-6">
        {t('home.kinds')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {types.map((type) => (
          <li key={type.name} className="rounded-box bg-base-200 p-3 sm:p-5">
            <h3 className="font-semibold text-primary">{type.name}</h3>
            <p className="mt-1 text-sm leading-snug">{type.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
