/**
 * A stand-in for bKash's tokenized checkout (v1.2.0-beta, DESIGN.md §10) on 127.0.0.1, for tests
 * and local runs (`BKASH_STANDIN=1 npm start`): the same endpoints and field names as bKash —
 * token grant and refresh (checking the username/password headers and app_key/app_secret), and,
 * with `Authorization: <id_token>` and `X-APP-Key` on every call, create, execute, the payment
 * status query, the v2 refund and its status query — plus the hosted page at `bkashURL` where the "customer"
 * approves, fails, cancels or has too little balance, each sending the browser back to the
 * merchant's callbackURL with `paymentID` and `status`.
 *
 * bKash's rules it keeps: tokens expire after `expires_in` seconds (401 after that); a payment is
 * executed once (again: 2062 once completed, 2056 in any other state); a payment not approved
 * on the page cannot be executed (2056); too little balance makes the execute answer 2023; a second
 * create with the invoice number of a completed payment is 2029; refunds go up to the amount
 * paid (more: 2026). Status codes as bKash's error list names them.
 *
 * `control` lets a test stall the next execute's answer (bKash completes the payment, the answer
 * arrives late) or refund, tamper with the next execute's amount or invoice, expire every token, put the
 * whole API out of service, and count calls per endpoint.
 *
 * Run alone: `node --import tsx scripts/bkash-standin.ts` (BKASH_STANDIN_PORT, default 8790)
 * prints the BKASH_* settings for the shop.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** The API's version path, as bKash's base URL ends. */
export const BKASH_BASE_PATH = '/v1.2.0-beta';

/** The credentials the stand-in accepts (and hands to the shop as its BKASH_* settings). */
export const STANDIN_CREDENTIALS = {
  appKey: 'standin-app-key',
  appSecret: 'standin-app-secret',
  username: 'standin-merchant',
  password: 'standin-password',
} as const;

/** The endpoints the stand-in counts calls of. */
export type StandinEndpoint =
  'grant' | 'refresh' | 'create' | 'execute' | 'status' | 'refund' | 'refundStatus' | 'page' | 'decide';

/** What the "customer" did on the hosted page. */
export type CustomerChoice = 'approve' | 'fail' | 'cancel' | 'insufficient';

type PaymentState = 'initiated' | 'approved' | 'insufficient' | 'completed' | 'failed' | 'cancelled';

/** A payment as the stand-in keeps it. */
export type StandinPayment = {
  paymentID: string;
  amount: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  state: PaymentState;
  trxID: string | undefined;
  /** Tk refunded so far, the sum of {@link refunds}. */
  refunded: number;
  /** Each refund made, as the refund status query lists them. */
  refunds: Array<{ refundTrxId: string; refundAmount: string; completedTime: string }>;
  createTime: string;
  executeTime: string | undefined;
  executions: number;
};

export type BkashStandinControl = {
  /**
   * The next execute completes the payment at once but answers only after `ms` (a lost answer);
   * with `thenOutOfService`, bKash goes out of service as soon as that execute is received.
   */
  stallNextExecute(ms: number, options?: { thenOutOfService?: boolean }): void;
  /** The next refund is made at once but answers only after `ms` (a lost answer). */
  stallNextRefund(ms: number): void;
  /** The next completed execute records (and answers) these instead of what create asked. */
  tamperNextExecute(fields: { amount?: string; merchantInvoiceNumber?: string }): void;
  /** Tokens granted from now on live `seconds`. */
  setExpiresIn(seconds: number): void;
  /** Every token granted so far is expired now (calls with them answer 401). */
  expireTokens(): void;
  /** `true`: every API call answers 503 (bKash out of service); `false`: back. */
  setOutOfService(on: boolean): void;
  /** Calls per endpoint since the start (or the last {@link resetCounts}). */
  count(endpoint: StandinEndpoint): number;
  resetCounts(): void;
  /** What the "customer" does on payment `paymentID`'s page, as clicking it does. @returns the callback URL the browser is sent to. */
  decide(paymentID: string, choice: CustomerChoice): string;
  payment(paymentID: string): StandinPayment | undefined;
};

export type BkashStandin = {
  /** The base URL, as BKASH_BASE_URL: `http://127.0.0.1:<port>/v1.2.0-beta`. */
  url: string;
  /** The BKASH_* settings that point the shop here. */
  env: Record<'BKASH_BASE_URL' | 'BKASH_APP_KEY' | 'BKASH_APP_SECRET' | 'BKASH_USERNAME' | 'BKASH_PASSWORD', string>;
  control: BkashStandinControl;
  stop: () => Promise<void>;
};

type Json = Record<string, unknown>;

/** bKash's time format: "2026-11-24T15:04:05:123 GMT+0600". */
function bkashTime(date = new Date()): string {
  const dhaka = new Date(date.getTime() + 6 * 3_600_000).toISOString();
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`;
}

const trxId = () => Array.from(randomBytes(10), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[byte % 34]).join('');

const statusError = (statusCode: string, statusMessage: string): Json => ({ statusCode, statusMessage });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The hosted page of `payment`: what it charges and four choices, plain forms (no script). */
function pageHtml(payment: StandinPayment): string {
  const choice = (value: CustomerChoice, label: string, tone: string) =>
    `<form method="post" action="/checkout/decide"><input type="hidden" name="paymentID" value="${escapeHtml(
      payment.paymentID,
    )}"><input type="hidden" name="choice" value="${value}"><button class="${tone}" type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>bKash stand-in: pay Tk ${escapeHtml(payment.amount)}</title>
<style>
  body { font: 18px/1.5 system-ui, sans-serif; margin: 0; color: #1f2933; background: #fdf2f7; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
  h1 { font-size: 1.4rem; color: #b3125b; margin: 0 0 .5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; background: #fff; padding: 1rem; border-radius: .75rem; }
  dt { color: #52606d; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  form { margin: .75rem 0 0; }
  button { width: 100%; min-height: 48px; font: inherit; font-weight: 600; border-radius: .75rem; border: 2px solid #b3125b; cursor: pointer; }
  .approve { background: #b3125b; color: #fff; } .other { background: #fff; color: #8a0e46; }
  p.note { color: #52606d; font-size: .95rem; }
</style></head>
<body><main>
<h1>bKash stand-in</h1>
<p class="note">A test page standing in for bKash's checkout: no money moves.</p>
<dl><dt>Amount</dt><dd>Tk ${escapeHtml(payment.amount)}</dd><dt>Invoice</dt><dd>${escapeHtml(
    payment.merchantInvoiceNumber,
  )}</dd><dt>Payment</dt><dd>${escapeHtml(payment.paymentID)}</dd></dl>
${choice('approve', 'Approve', 'approve')}
${choice('fail', 'Fail', 'other')}
${choice('cancel', 'Cancel', 'other')}
${choice('insufficient', 'Insufficient balance', 'other')}
</main></body></html>`;
}

/** Reads a request's body as text. */
const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

/**
 * Starts the stand-in on 127.0.0.1:`port` (0, the default, picks a free one); `expiresInS` is the
 * tokens' life (3600 as bKash's).
 */
export async function startBkashStandin(options: { port?: number; expiresInS?: number } = {}): Promise<BkashStandin> {
  const credentials = STANDIN_CREDENTIALS;
  let expiresInS = options.expiresInS ?? 3600;
  const tokens = new Map<string, number>(); // id_token → expiry (epoch ms)
  const refreshTokens = new Set<string>();
  const payments = new Map<string, StandinPayment>();
  const counts = new Map<StandinEndpoint, number>();
  let stallMs = 0;
  let refundStallMs = 0;
  let outageAfterStall = false;
  let tamper: { amount?: string; merchantInvoiceNumber?: string } | undefined;
  let outOfService = false;
  const count = (endpoint: StandinEndpoint) => counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);

  const issueToken = (): Json => {
    const idToken = `standin-id-${randomUUID()}`;
    const refreshToken = `standin-refresh-${randomUUID()}`;
    tokens.set(idToken, Date.now() + expiresInS * 1000);
    refreshTokens.add(refreshToken);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: expiresInS,
      refresh_token: refreshToken,
    };
  };

  const callbackFor = (payment: StandinPayment, status: 'success' | 'failure' | 'cancel') => {
    const url = new URL(payment.callbackURL);
    url.searchParams.set('paymentID', payment.paymentID);
    url.searchParams.set('status', status);
    return url.toString();
  };

  const decide = (paymentID: string, choice: CustomerChoice): string => {
    const payment = payments.get(paymentID);
    if (!payment) throw new Error(`no payment ${paymentID}`);
    if (payment.state === 'initiated')
      payment.state =
        choice === 'approve'
          ? 'approved'
          : choice === 'insufficient'
            ? 'insufficient'
            : choice === 'fail'
              ? 'failed'
              : 'cancelled';
    // Too little balance is found when the merchant executes: the browser returns as approved.
    return callbackFor(payment, choice === 'fail' ? 'failure' : choice === 'cancel' ? 'cancel' : 'success');
  };

  const transaction = (payment: StandinPayment): Json => ({
    paymentID: payment.paymentID,
    mode: '0011',
    payerReference: payment.payerReference,
    paymentCreateTime: payment.createTime,
    ...(payment.executeTime ? { paymentExecuteTime: payment.executeTime } : {}),
    ...(payment.trxID ? { trxID: payment.trxID } : {}),
    transactionStatus:
      payment.state === 'completed'
        ? 'Completed'
        : payment.state === 'cancelled'
          ? 'Cancelled'
          : payment.state === 'failed'
            ? 'Failed'
            : 'Initiated',
    amount: payment.amount,
    currency: 'BDT',
    intent: 'sale',
    merchantInvoiceNumber: payment.merchantInvoiceNumber,
    statusCode: '0000',
    statusMessage: 'Successful',
  });

  /** The API calls under the base path: a status and JSON body. */
  function api(endpoint: string, req: IncomingMessage, body: Json): { status: number; json: Json; delayMs?: number } {
    const unauthorized = { status: 401, json: { message: 'Unauthorized' } };
    if (endpoint === 'tokenized/checkout/token/grant' || endpoint === 'tokenized/checkout/token/refresh') {
      const refresh = endpoint.endsWith('refresh');
      count(refresh ? 'refresh' : 'grant');
      if (req.headers.username !== credentials.username || req.headers.password !== credentials.password)
        return unauthorized;
      if (body.app_key !== credentials.appKey) return { status: 200, json: statusError('2001', 'Invalid App Key') };
      if (body.app_secret !== credentials.appSecret)
        return { status: 200, json: statusError('2001', 'Invalid App Secret') };
      if (refresh) {
        const token = String(body.refresh_token ?? '');
        if (!refreshTokens.delete(token)) return { status: 200, json: statusError('2079', 'Invalid refresh token') };
      }
      return { status: 200, json: issueToken() };
    }
    const names: Record<string, StandinEndpoint> = {
      'tokenized/checkout/create': 'create',
      'tokenized/checkout/execute': 'execute',
      'tokenized/checkout/payment/status': 'status',
      'v2/tokenized-checkout/refund/payment/transaction': 'refund',
      'v2/tokenized-checkout/refund/payment/status': 'refundStatus',
    };
    const name = names[endpoint];
    if (!name) return { status: 404, json: { message: 'Not Found' } };
    count(name);
    const expiry = tokens.get(String(req.headers.authorization ?? ''));
    if (expiry === undefined || req.headers['x-app-key'] !== credentials.appKey) return unauthorized;
    if (Date.now() >= expiry) return { status: 401, json: { message: 'The incoming token has expired' } };

    if (name === 'create') {
      const amount = String(body.amount ?? '');
      const invoice = String(body.merchantInvoiceNumber ?? '');
      if (body.mode !== '0011')
        return { status: 200, json: statusError('2063', 'Mode is not valid as per request data') };
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0)
        return { status: 200, json: statusError('2006', 'Invalid amount') };
      if (body.currency !== 'BDT') return { status: 200, json: statusError('2007', 'Invalid currency') };
      if (body.intent !== 'sale') return { status: 200, json: statusError('2008', 'Invalid intent') };
      if (!invoice) return { status: 200, json: statusError('2031', 'Invalid merchant invoice number') };
      if (typeof body.callbackURL !== 'string' || !URL.canParse(body.callbackURL))
        return { status: 200, json: statusError('2049', 'Invalid Merchant Callback URL') };
      if ([...payments.values()].some((p) => p.merchantInvoiceNumber === invoice && p.state === 'completed'))
        return { status: 200, json: statusError('2029', 'Duplicate for all transactions') };
      const payment: StandinPayment = {
        paymentID: `TR0011${randomBytes(9).toString('hex').toUpperCase()}`,
        amount,
        merchantInvoiceNumber: invoice,
        payerReference: String(body.payerReference ?? ''),
        callbackURL: body.callbackURL,
        state: 'initiated',
        trxID: undefined,
        refunded: 0,
        refunds: [],
        createTime: bkashTime(),
        executeTime: undefined,
        executions: 0,
      };
      payments.set(payment.paymentID, payment);
      const host = req.headers.host ?? '127.0.0.1';
      return {
        status: 200,
        json: {
          paymentID: payment.paymentID,
          bkashURL: `http://${host}/checkout/pay?paymentID=${payment.paymentID}`,
          callbackURL: payment.callbackURL,
          successCallbackURL: callbackFor(payment, 'success'),
          failureCallbackURL: callbackFor(payment, 'failure'),
          cancelledCallbackURL: callbackFor(payment, 'cancel'),
          amount,
          intent: 'sale',
          currency: 'BDT',
          paymentCreateTime: payment.createTime,
          transactionStatus: 'Initiated',
          merchantInvoiceNumber: invoice,
          statusCode: '0000',
          statusMessage: 'Successful',
        },
      };
    }

    if (name === 'execute' || name === 'status') {
      const payment = payments.get(String(body.paymentID ?? ''));
      if (!payment) return { status: 200, json: statusError('2002', 'Invalid Payment ID') };
      if (name === 'status') return { status: 200, json: transaction(payment) };
      payment.executions += 1;
      if (payment.state === 'completed')
        return { status: 200, json: statusError('2062', 'The payment has already been completed') };
      if (payment.state === 'insufficient') {
        payment.state = 'failed';
        return { status: 200, json: statusError('2023', 'Insufficient Balance') };
      }
      if (payment.state !== 'approved') return { status: 200, json: statusError('2056', 'Invalid Payment State') };
      payment.state = 'completed';
      payment.trxID = trxId();
      payment.executeTime = bkashTime();
      if (tamper) Object.assign(payment, tamper);
      tamper = undefined;
      const delayMs = stallMs;
      stallMs = 0;
      if (outageAfterStall) outOfService = true;
      outageAfterStall = false;
      return {
        status: 200,
        json: { ...transaction(payment), customerMsisdn: '01770618575' },
        delayMs,
      };
    }

    // The v2 refund (up to what was paid, in one or more refunds) and its status query.
    const payment = payments.get(String(body.paymentId ?? ''));
    const refundError = (code: string, message: string) => ({
      status: 200,
      json: { internalCode: code, externalCode: code, errorMessageEn: message, errorMessageBn: message },
    });
    if (!payment || payment.state !== 'completed' || payment.trxID !== body.trxId)
      return refundError('2033', 'Transaction not found');
    if (name === 'refundStatus') {
      if (payment.refunds.length === 0) return refundError('2034', 'Refund not found');
      return {
        status: 200,
        json: {
          originalTrxId: payment.trxID,
          originalTrxAmount: payment.amount,
          originalTrxCompletedTime: payment.executeTime,
          refundTransactions: payment.refunds.map((refund) => ({ ...refund, refundTransactionStatus: 'Completed' })),
        },
      };
    }
    const refundAmount = String(body.refundAmount ?? '');
    if (!/^\d+(\.\d{1,2})?$/.test(refundAmount) || Number(refundAmount) <= 0)
      return refundError('2006', 'Invalid amount');
    if (Math.round((payment.refunded + Number(refundAmount)) * 100) > Math.round(Number(payment.amount) * 100))
      return refundError('2026', 'The reversal amount cannot be greater than the original transaction amount');
    const refund = { refundTrxId: trxId(), refundAmount, completedTime: bkashTime() };
    payment.refunded += Number(refundAmount);
    payment.refunds.push(refund);
    const delayMs = refundStallMs;
    refundStallMs = 0;
    return {
      status: 200,
      json: {
        originalTrxId: payment.trxID,
        refundTrxId: refund.refundTrxId,
        refundTransactionStatus: 'Completed',
        originalTrxAmount: payment.amount,
        refundAmount,
        currency: 'BDT',
        completedTime: refund.completedTime,
        sku: String(body.sku ?? ''),
        reason: String(body.reason ?? ''),
      },
      delayMs,
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(req);
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
      res.end(body);
    };
    if (req.method === 'GET' && url.pathname === '/checkout/pay') {
      count('page');
      const payment = payments.get(url.searchParams.get('paymentID') ?? '');
      if (!payment) return send(404, 'text/plain; charset=utf-8', 'No such payment');
      return send(200, 'text/html; charset=utf-8', pageHtml(payment));
    }
    if (req.method === 'POST' && url.pathname === '/checkout/decide') {
      count('decide');
      const form = new URLSearchParams(text);
      const choice = form.get('choice') as CustomerChoice | null;
      const paymentID = form.get('paymentID') ?? '';
      if (!payments.has(paymentID) || !choice || !['approve', 'fail', 'cancel', 'insufficient'].includes(choice))
        return send(400, 'text/plain; charset=utf-8', 'Unknown payment or choice');
      return send(303, 'text/plain; charset=utf-8', '', { Location: decide(paymentID, choice) });
    }
    if (req.method !== 'POST' || !url.pathname.startsWith(`${BKASH_BASE_PATH}/`))
      return send(404, 'application/json', JSON.stringify({ message: 'Not Found' }));
    if (outOfService) return send(503, 'text/html', '<html><body>Service Unavailable</body></html>');
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      return send(400, 'application/json', JSON.stringify(statusError('2025', 'Invalid request body')));
    }
    const answer = api(url.pathname.slice(BKASH_BASE_PATH.length + 1), req, body);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (!res.destroyed) send(answer.status, 'application/json', JSON.stringify(answer.json));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${origin}${BKASH_BASE_PATH}`;
  return {
    url,
    env: {
      BKASH_BASE_URL: url,
      BKASH_APP_KEY: credentials.appKey,
      BKASH_APP_SECRET: credentials.appSecret,
      BKASH_USERNAME: credentials.username,
      BKASH_PASSWORD: credentials.password,
    },
    control: {
      stallNextExecute: (ms, stallOptions = {}) => {
        stallMs = ms;
        outageAfterStall = stallOptions.thenOutOfService ?? false;
      },
      stallNextRefund: (ms) => void (refundStallMs = ms),
      tamperNextExecute: (fields) => void (tamper = fields),
      setExpiresIn: (seconds) => void (expiresInS = seconds),
      expireTokens: () => {
        for (const token of tokens.keys()) tokens.set(token, 0);
      },
      setOutOfService: (on) => void (outOfService = on),
      count: (endpoint) => counts.get(endpoint) ?? 0,
      resetCounts: () => counts.clear(),
      decide,
      payment: (paymentID) => payments.get(paymentID),
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run alone: serve until stopped, printing the settings that point the shop here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standin = await startBkashStandin({ port: Number(process.env.BKASH_STANDIN_PORT ?? 8790) });
  console.log(`bKash stand-in on ${standin.url}`);
  for (const [name, value] of Object.entries(standin.env)) console.log(`${name}=${value}`);
  const stop = () => void standin.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
