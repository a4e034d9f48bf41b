/** A clear placeholder body for a screen that a later issue fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-base-content/70">This screen is coming soon.</p>
    </section>
  );
}
