/** Display formatting shared by every screen. */

const tk = new Intl.NumberFormat('en-BD', { maximumFractionDigits: 2 });

/** Formats an amount in Tk for display: `1250` → "1,250", `12.5` → "12.5" (no currency sign). */
export const formatTk = (amount: number): string => tk.format(amount);
