/**
 * bKash's name in its own pink (#E2136E, white text: 4.6:1 contrast), as shops in Bangladesh show
 * it beside the choice to pay with it. Plain text, no trademark image; the name is the same in
 * both languages.
 */
export function BkashMark({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-block rounded bg-[#E2136E] px-1.5 py-0.5 text-sm leading-tight font-bold text-white ${className}`}
    >
      bKash
    </span>
  );
}
