/** The shop's date now (DESIGN.md §8: Asia/Dhaka), for the screens that show a day's run. */
import { useState } from 'react';
import { shopDate } from '@contract/shop-day';

/** Returns the shop date (`YYYY-MM-DD`, Dhaka) when the calling screen was first shown. */
export function useShopToday(): string {
  const [today] = useState(() => shopDate(Date.now()));
  return today;
}
