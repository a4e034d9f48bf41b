/** The user's photo, or a default avatar when there is none. */
export function Avatar({ photoURL, size = 40 }: { photoURL: string | undefined; size?: number }) {
  if (photoURL)
    return (
      <img
        src={photoURL}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
        referrerPolicy="no-referrer"
      />
    );
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className="rounded-full bg-base-300 p-1 text-base-content/70"
      fill="currentColor"
      aria-hidden="true"
    >
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5z" />
    </svg>
  );
}
