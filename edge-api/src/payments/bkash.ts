/**
 * bKash tokenized checkout (v1.2.0-beta, DESIGN.md §10) over `fetch`, so Node and Workers share it:
 * the token grant kept in memory and refreshed shortly before it expires (bKash blocks merchants
 * who grant too often), create, execute, the payment-status query and the v2 refund. Field names
 * are bKash's: `statusCode` '0000' is success; `paymentID`, `bkashURL`, `trxID`,
 * `transactionStatus` ('Initiated', 'Completed'…), `amount` as a string, `merchantInvoiceNumber`;
 * the refund answers `refundTrxId` and `refundTransactionStatus`, or `externalCode` and
 * `errorMessageEn` when refused; the refund status query lists `refundTransactions`.
 *
 * Every call is logged through the request's log (the call, bKash's statusCode, the duration):
 * never a token, the app secret, the password or the payer's phone.
 */
import type { RequestLog } from '../http/logger';

/** The five BKASH_* settings (config.ts). `baseUrl` has no trailing slash. */
export type BkashConfig = {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
};

/** bKash's `statusCode` for success. */
const BKASH_OK = '0000';

/** bKash's code for a payment with no refund (the refund status query's answer then). */
const REFUND_NOT_FOUND = '2034';

/** The calls the client makes, as logs and errors name them. */
export type BkashCall = 'grant' | 'refresh' | 'create' | 'execute' | 'status' | 'refund' | 'refundStatus';

/**
 * bKash could not be asked or did not answer: a network failure, a timeout, a 5xx or an answer
 * that is not bKash's JSON. For an execute this is ambiguous (it may have run): settle it with
 * the status query, never by executing again.
 */
export class BkashUnavailableError extends Error {
  override name = 'BkashUnavailableError';
  constructor(
    readonly call: BkashCall,
    readonly reason: string,
  ) {
    super(`bKash ${call} unavailable: ${reason}`);
  }
}

/** bKash answered the call with an error `statusCode` (e.g. 2023 insufficient balance, 2029 duplicate invoice). */
export class BkashRefusedError extends Error {
  override name = 'BkashRefusedError';
  constructor(
    readonly call: BkashCall,
    readonly statusCode: string,
    readonly statusMessage: string,
  ) {
    super(`bKash ${call} refused: ${statusCode} ${statusMessage}`);
  }
}

/** A payment as create, execute and the status query describe it (the fields this shop reads). */
export type BkashPayment = {
  paymentID: string;
  statusCode: string;
  statusMessage: string;
  /** 'Initiated' until executed, 'Completed' once paid; others ('Cancelled', 'Failed', 'Expired') end it unpaid. */
  transactionStatus: string | undefined;
  trxID: string | undefined;
  amount: string | undefined;
  merchantInvoiceNumber: string | undefined;
};

/** Create's answer: the payment and the page to send the shopper to. */
export type BkashCreated = BkashPayment & { bkashURL: string };

/** The v2 refund's answer. */
export type BkashRefund = {
  refundTrxId: string;
  refundTransactionStatus: string;
  refundAmount: string | undefined;
};

/** One refund the v2 refund status query lists for a payment. */
export type BkashRefundTransaction = { refundTrxId: string; refundTransactionStatus: string; refundAmount: string };

/** What the shop asks bKash to charge: `amount` in Tk with 2 decimals, the order id as the invoice. */
export type BkashCreateRequest = {
  amount: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
};

/** The v2 refund's request (DESIGN.md §10). */
export type BkashRefundRequest = {
  paymentId: string;
  trxId: string;
  refundAmount: string;
  sku: string;
  reason: string;
};

/** Timeouts (ms) and, for tests, the clock. */
export type BkashClientOptions = {
  /** Create, and the token calls: 10 s. */
  createTimeoutMs?: number;
  /** Execute: 15 s, bKash's own processing included. */
  executeTimeoutMs?: number;
  /** The status query and the refund: 10 s. */
  queryTimeoutMs?: number;
  /** A token is refreshed this long before `expires_in` runs out (at most half its life): 60 s. */
  refreshMarginS?: number;
  now?: () => number;
};

/** A client for one configuration; its token lives as long as it does (one per app). */
export type BkashClient = {
  createPayment(request: BkashCreateRequest, log: RequestLog): Promise<BkashCreated>;
  executePayment(paymentID: string, log: RequestLog): Promise<BkashPayment>;
  queryPayment(paymentID: string, log: RequestLog): Promise<BkashPayment>;
  refund(request: BkashRefundRequest, log: RequestLog): Promise<BkashRefund>;
  /** The refunds made of payment `paymentId` (trxID `trxId`); none when bKash says 2034 (refund not found). */
  refundStatus(paymentId: string, trxId: string, log: RequestLog): Promise<BkashRefundTransaction[]>;
};

type Token = { idToken: string; refreshToken: string; refreshAt: number };
type Json = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * bKash's status code in any of its answer shapes: `statusCode` (tokenized v1.2.0-beta),
 * `errorCode` (older answers), `externalCode`/`internalCode` (the v2 refund's errors).
 */
function statusOf(body: Json): { code: string | undefined; message: string } {
  const code = text(body.statusCode) ?? text(body.errorCode) ?? text(body.externalCode) ?? text(body.internalCode);
  const message =
    text(body.statusMessage) ?? text(body.errorMessage) ?? text(body.errorMessageEn) ?? text(body.message) ?? '';
  return { code, message };
}

const toPayment = (body: Json): BkashPayment => ({
  paymentID: text(body.paymentID) ?? '',
  statusCode: statusOf(body).code ?? BKASH_OK,
  statusMessage: statusOf(body).message,
  transactionStatus: text(body.transactionStatus),
  trxID: text(body.trxID),
  amount: text(body.amount),
  merchantInvoiceNumber: text(body.merchantInvoiceNumber),
});

/** The gateway's answer to a token it no longer takes (401, or 403 with an expired/invalid token message). */
const tokenRejected = (status: number) => status === 401 || status === 403;

/**
 * Creates a client for `config`. Concurrent calls share one grant or refresh; a token the gateway
 * rejects (401) is dropped and the call is made once more with a new one (the gateway refused it
 * before bKash processed anything, so even an execute is asked only once at bKash).
 */
export function createBkashClient(config: BkashConfig, options: BkashClientOptions = {}): BkashClient {
  const now = options.now ?? Date.now;
  const createTimeoutMs = options.createTimeoutMs ?? 10_000;
  const executeTimeoutMs = options.executeTimeoutMs ?? 15_000;
  const queryTimeoutMs = options.queryTimeoutMs ?? 10_000;
  const refreshMarginS = options.refreshMarginS ?? 60;
  let token: Token | undefined;
  let pending: Promise<Token> | undefined;

  /** One POST to bKash: the answer's HTTP status and JSON body, the call logged. @throws BkashUnavailableError */
  async function post(
    call: BkashCall,
    path: string,
    headers: Record<string, string>,
    body: Json,
    timeoutMs: number,
    log: RequestLog,
  ): Promise<{ status: number; body: Json }> {
    const started = now();
    const done = (fields: Json) =>
      log.info('bkash call', { call, ...fields, durationMs: Math.round((now() - started) * 10) / 10 });
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : `network error (${error instanceof Error ? error.name : 'unknown'})`;
      done({ outcome: 'unavailable', reason });
      throw new BkashUnavailableError(call, reason);
    }
    let json: Json;
    try {
      const parsed: unknown = await res.json();
      json = typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {};
    } catch {
      done({ httpStatus: res.status, outcome: 'unavailable', reason: 'not JSON' });
      throw new BkashUnavailableError(call, `HTTP ${res.status} without a JSON body`);
    }
    const { code } = statusOf(json);
    done({ httpStatus: res.status, statusCode: code ?? null });
    if (res.status >= 500) throw new BkashUnavailableError(call, `HTTP ${res.status}`);
    return { status: res.status, body: json };
  }

  const credentials = () => ({ username: config.username, password: config.password });
  const appSecrets = () => ({ app_key: config.appKey, app_secret: config.appSecret });

  /** Reads a grant's or refresh's answer. @throws BkashRefusedError */
  function readToken(call: 'grant' | 'refresh', answer: { status: number; body: Json }): Token {
    const { code, message } = statusOf(answer.body);
    const idToken = text(answer.body.id_token);
    if (answer.status >= 400 || (code !== undefined && code !== BKASH_OK) || !idToken)
      throw new BkashRefusedError(call, code ?? `HTTP ${answer.status}`, message);
    const expiresIn = Number(answer.body.expires_in) || 3600;
    const margin = Math.min(refreshMarginS, expiresIn / 2);
    return {
      idToken,
      refreshToken: text(answer.body.refresh_token) ?? '',
      refreshAt: now() + (expiresIn - margin) * 1000,
    };
  }

  async function grant(log: RequestLog): Promise<Token> {
    const answer = await post(
      'grant',
      '/tokenized/checkout/token/grant',
      credentials(),
      appSecrets(),
      createTimeoutMs,
      log,
    );
    return readToken('grant', answer);
  }

  /** A refreshed token; a new grant when the refresh is refused or fails. */
  async function refresh(old: Token, log: RequestLog): Promise<Token> {
    if (!old.refreshToken) return grant(log);
    try {
      const answer = await post(
        'refresh',
        '/tokenized/checkout/token/refresh',
        credentials(),
        { ...appSecrets(), refresh_token: old.refreshToken },
        createTimeoutMs,
        log,
      );
      return readToken('refresh', answer);
    } catch {
      return grant(log);
    }
  }

  /** The current token: kept, refreshed when due, granted when there is none. Shared by concurrent calls. */
  async function idToken(log: RequestLog, rejected?: string): Promise<string> {
    if (token && token.idToken !== rejected && now() < token.refreshAt) return token.idToken;
    if (!pending) {
      const old = token;
      pending = (old ? refresh(old, log) : grant(log)).finally(() => {
        pending = undefined;
      });
    }
    token = await pending;
    return token.idToken;
  }

  /** A call with the token: once more with a new one when the gateway rejects it. */
  async function authorized(
    call: BkashCall,
    path: string,
    body: Json,
    timeoutMs: number,
    log: RequestLog,
  ): Promise<Json> {
    let current = await idToken(log);
    for (let attempt = 1; ; attempt += 1) {
      const answer = await post(
        call,
        path,
        { Authorization: current, 'X-APP-Key': config.appKey },
        body,
        timeoutMs,
        log,
      );
      if (!tokenRejected(answer.status) || attempt === 2) {
        const { code, message } = statusOf(answer.body);
        if (answer.status >= 400 || (code !== undefined && code !== BKASH_OK))
          throw new BkashRefusedError(call, code ?? `HTTP ${answer.status}`, message);
        return answer.body;
      }
      // The token expired early or was revoked: a refreshed (or new) one, and the call once more.
      if (token?.idToken === current) token = { ...token, refreshAt: 0 };
      current = await idToken(log, current);
    }
  }

  return {
    async createPayment(request, log) {
      const body = await authorized(
        'create',
        '/tokenized/checkout/create',
        {
          mode: '0011',
          payerReference: request.payerReference,
          callbackURL: request.callbackURL,
          amount: request.amount,
          currency: 'BDT',
          intent: 'sale',
          merchantInvoiceNumber: request.merchantInvoiceNumber,
        },
        createTimeoutMs,
        log,
      );
      const bkashURL = text(body.bkashURL);
      if (!bkashURL || !text(body.paymentID)) throw new BkashUnavailableError('create', 'no paymentID or bkashURL');
      return { ...toPayment(body), bkashURL };
    },
    async executePayment(paymentID, log) {
      return toPayment(
        await authorized('execute', '/tokenized/checkout/execute', { paymentID }, executeTimeoutMs, log),
      );
    },
    async queryPayment(paymentID, log) {
      return toPayment(
        await authorized('status', '/tokenized/checkout/payment/status', { paymentID }, queryTimeoutMs, log),
      );
    },
    async refund(request, log) {
      const body = await authorized(
        'refund',
        '/v2/tokenized-checkout/refund/payment/transaction',
        { ...request },
        queryTimeoutMs,
        log,
      );
      const refundTrxId = text(body.refundTrxId) ?? text(body.refundTrxID);
      if (!refundTrxId) throw new BkashUnavailableError('refund', 'no refundTrxId');
      return {
        refundTrxId,
        refundTransactionStatus: text(body.refundTransactionStatus) ?? '',
        refundAmount: text(body.refundAmount),
      };
    },
    async refundStatus(paymentId, trxId, log) {
      let body;
      try {
        body = await authorized(
          'refundStatus',
          '/v2/tokenized-checkout/refund/payment/status',
          { paymentId, trxId },
          queryTimeoutMs,
          log,
        );
      } catch (error) {
        if (error instanceof BkashRefusedError && error.statusCode === REFUND_NOT_FOUND) return [];
        throw error;
      }
      const listed = Array.isArray(body.refundTransactions) ? (body.refundTransactions as Json[]) : [];
      return listed.map((refund) => ({
        refundTrxId: text(refund.refundTrxId) ?? '',
        refundTransactionStatus: text(refund.refundTransactionStatus) ?? '',
        refundAmount: text(refund.refundAmount) ?? '0',
      }));
    },
  };
}

/** An order's total (whole Tk, the figure Stripe charges too) as bKash's amount: "443.00". */
export const bkashAmount = (totalAmount: number): string => totalAmount.toFixed(2);

/** Whether bKash's `amount` is the same sum as ours ("443", "443.0" and "443.00" are). */
export const sameAmount = (bkash: string | undefined, ours: string): boolean =>
  bkash !== undefined && /^\d+(\.\d{1,2})?$/.test(bkash.trim()) && Number(bkash).toFixed(2) === ours;
