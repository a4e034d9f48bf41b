import type { Order } from '@contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { useOrders } from '../../features/orders/api/orders';
import type { UnsentOrder } from '../../features/orders/api/get-unsent-orders';
import { MyOrders } from '../../features/orders/components/my-orders';
import { linesBack, type LinesBack } from '../../features/orders/refused-order';
import { useMyProblems } from '../../features/problems/api/get-my-problems';
import { useUnsentProblems } from '../../features/problems/api/report-problem';
import { OrderProblems } from '../../features/problems/components/order-problems';
import { problemsOf } from '../../features/problems/problem-model';
import { PushPrompt } from '../../features/push/components/push-prompt';
import { t } from '../../lib/i18n/i18n';
import { dismiss } from '../../lib/offline/outbox/store';
import { notify } from '../../lib/toast';
import { toCartAtTodaysPrices } from '../order-again';

/**
 * `/dashboard/my-orders`: the user's orders with those still in the outbox (features/orders
 * MyOrders). "Order again" fills the cart from an order; a refused order's "Back to cart" puts its
 * lines back in the cart, "Order at today's prices", "Send without them" and "Send 3" put them
 * (or the rest) back and open checkout
 * (the outbox keeps no phone or address of a refused order); either way it is removed once some
 * lines are in the cart; one refused until the e-mail is verified offers the link again. With an
 * order placed, a shopper is offered notifications. Each order shows its reported problems and,
 * for 48 hours after delivery, Report a problem (features/problems, DESIGN.md §19).
 */
export default function MyOrdersRoute() {
  const { user, admin } = useAuth();
  const client = useQueryClient();
  // A shopper with an order to follow is asked whether to be told when it moves.
  const { data: orders } = useOrders(user.account);
  const problems = useMyProblems(user.account);
  const unsentProblems = useUnsentProblems(user.account);
  const navigate = useNavigate();
  const orderAgain = async (order: Order) => {
    if (await toCartAtTodaysPrices(client, order.orderedProduct)) await navigate(paths.cart);
  };
  // Once some of a refused order's lines are in the cart it goes (the cart now holds it); with
  // none to add it stays, to be removed.
  const putBack = async (order: UnsentOrder, which: LinesBack) => {
    // Refused until the e-mail is verified: a link opened since then reaches the next ID token.
    if (order.verifyFirst) await (await import('../../features/auth/email-verification')).emailVerification.refresh();
    if (!(await toCartAtTodaysPrices(client, linesBack(order, which)))) return;
    await dismiss(order.key);
    await navigate(which === 'all' ? paths.cart : paths.checkout);
  };
  // An order refused until the e-mail is verified: the link again, the e-mail code loaded only now.
  const resendVerification = async () => {
    const { emailVerification } = await import('../../features/auth/email-verification');
    const failure = await emailVerification.resend();
    notify('order', failure ? 'error' : 'success', failure ?? t('auth.verify.sent'));
  };
  return user.account ? (
    <MyOrders
      email={user.account}
      onPutBack={putBack}
      onResendVerification={resendVerification}
      onOrderAgain={orderAgain}
      notice={!admin && orders && orders.length > 0 ? <PushPrompt kind="shopper" /> : undefined}
      orderExtra={(order) => (
        <OrderProblems
          order={order}
          email={user.account ?? ''}
          problems={problemsOf(problems.data, order._id)}
          unsent={unsentProblems.get(order._id)}
        />
      )}
    />
  ) : null;
}
