/**
 * The `push.notify.*` messages of en.json and bn.json, made by the service worker's build
 * (pwa/push-messages.ts); lib/push/push-notification.ts PushMessages names their keys.
 */
declare module 'virtual:push-messages' {
  const messages: Record<'en' | 'bn', Record<string, string>>;
  export default messages;
}
