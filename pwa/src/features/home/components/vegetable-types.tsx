const types = [
  { name: 'Leafy greens', text: 'Lal shak, palong shak, lettuce: iron-rich and quick to cook.' },
  { name: 'Root vegetables', text: 'Potato, carrot, radish and sweet potato keep well for days.' },
  { name: 'Gourds', text: 'Lau, potol and karola: light summer curries and bhaji.' },
  { name: 'Beans and pods', text: 'Shim, borboti and peas bring protein and crunch.' },
  { name: 'Onions and garlic', text: 'Deshi peyaj and roshun, the base of every torkari.' },
  { name: 'Nightshades', text: 'Tomato, brinjal and capsicum for bharta and salads.' },
  { name: 'Cabbage family', text: 'Cauliflower, cabbage and broccoli, best in winter.' },
  { name: 'Chilies and herbs', text: 'Kacha morich, dhonepata and pudina for freshness.' },
  { name: 'Mushrooms', text: 'Button and oyster mushrooms, grown near Savar.' },
];

/** The nine vegetable types with short descriptions (spec §1). */
export function VegetableTypes() {
  return (
    <section className="mx-auto my-12 max-w-6xl px-4" aria-labelledby="types-heading">
      <h2 id="types-heading" className="mb-6 text-2xl font-bold">Nine kinds of vegetables</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {types.map((t) => (
          <li key={t.name} className="rounded-box bg-base-200 p-5">
            <h3 className="font-semibold text-primary">{t.name}</h3>
            <p className="mt-1 text-sm">{t.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
