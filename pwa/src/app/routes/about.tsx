/** `/about` (spec §2): what Taza Haat is, and the picture credits. */
export default function AboutRoute() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-primary">About page</h1>
      <p className="mt-6 text-lg leading-relaxed">
        Taza Haat (তাজা হাট, “fresh market”) brings the vegetables and fruit of Dhaka’s markets to your door. Everything is sold per
        kilogram with prices in Tk, and the shop keeps working on a patchy connection: browse and fill your cart offline, and your
        order is sent as soon as your phone is back online.
      </p>
      <h2 className="mt-10 text-xl font-semibold">Picture credits</h2>
      <p className="mt-2 leading-relaxed">
        Product pictures are{' '}
        <a className="link link-primary" href="https://github.com/microsoft/fluentui-emoji" rel="noreferrer">
          Fluent Emoji 3D
        </a>{' '}
        by Microsoft, used under the MIT licence, from the npm package <code>@lobehub/fluent-emoji-3d</code>.
      </p>
    </section>
  );
}
