/**
 * The dawn board (DESIGN.md §12), the admin's dashboard home: what the grocer needs before the
 * wholesale market opens — today's and tomorrow's delivery slots, the purchase list of a day
 * (printable), the open problems with their 72 h clock (DESIGN.md §19), the riders' cash of a
 * day (DESIGN.md §18), sales of the last 14 or 30 days, and the orders of a date range as CSV.
 * Its own chunk (dashboard-home.tsx loads it for admins only); printing prints the purchase list alone.
 */
import { addShopDays, shopDate } from '@contract/shop-day';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { CashCard } from './cash-card';
import { ExportOrders } from './export-orders';
import { OpenProblemsCard } from './open-problems-card';
import { PurchaseList } from './purchase-list';
import { SalesReport } from './sales-report';
import { SlotBoard } from './slot-board';
import '../dawn-board.css';

/** The board; `today` is the shop's date when it was opened (Asia/Dhaka). */
export default function DawnBoard() {
  const [today] = useState(() => shopDate(Date.now()));
  return (
    <div className="dawn-board mt-8 flex flex-col gap-10" data-testid="dawn-board">
      <SlotBoard today={today} tomorrow={addShopDays(today, 1)} />
      <OpenProblemsCard queueHref={paths.dashboard.problems} />
      <PurchaseList today={today} />
      <CashCard today={today} />
      <SalesReport />
      <ExportOrders today={today} />
    </div>
  );
}
