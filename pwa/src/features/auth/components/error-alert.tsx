/** The dismissible error alert of the login and register screens (spec §2). */
export function ErrorAlert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error">
      <span>{message}</span>
      <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onDismiss} aria-label="Dismiss error">
        ✕
      </button>
    </div>
  );
}
