/** Display formatting shared by every screen. */

let tk: Intl.NumberFormat | undefined;

/**
 * Formats an amount in Tk for display: `1250` → "1,250", `12.5` → "12.5" (no currency sign).
 * The formatter is made on first use: creating it loads the locale's number data, a task of its
 * own that pages without prices (the home page's first screen) need not wait for.
 */
export function formatTk(amount: number): string {
  tk ??= new Intl.NumberFormat('en-BD', { maximumFractionDigits: 2 });
  return tk.format(amount);
}
