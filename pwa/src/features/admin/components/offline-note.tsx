/** Why admin buttons are disabled while offline (admin writes are never queued). */
export function OfflineNote({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <p className="alert alert-warning mb-4" role="status">
      You are offline. Changes to products, orders and admins need a connection.
    </p>
  );
}

/** Shown to signed-in non-admins on the product screens (the server refuses them anyway). */
export function NotAllowed() {
  return <p className="alert alert-error">You are not allowed to manage products</p>;
}
