// The gift-card provider ("cheque-motiva") behind an interface, and the local provider used by
// default: it issues a coupon code whose printable page this server serves (/api/cupones/{code}).
// The order id is the idempotency key: asking twice for one order returns the same card.
// Never touches the database or the ledger; failures are thrown as GiftCardError.
import { randomBytes } from 'node:crypto';
import { API_BASE } from '#contract/common';
import { buildPath } from '#contract/paths';
import { REWARDS_PATHS } from '#contract/rewards';
import { COUPON_VALIDITY_DAYS } from '#domain/rewards';

export interface GiftCardRequest {
  /** Idempotency key at the provider: one card per order, however often it is asked. */
  orderId: number;
  productCode: string;
  templateCode: string | null;
  /** The card's face value as the catalogue spells it ("25.00"), or null. */
  value: string | null;
}

export interface IssuedGiftCard {
  /** The provider's reference for the card (stored as the order's id_api). */
  providerId: string;
  code: string;
  url: string;
  validityStart: Date;
  validityEnd: Date;
}

export interface GiftCardProvider {
  /** How long the service waits for `issue` before it gives up and refunds. */
  readonly timeoutMs: number;
  issue(request: GiftCardRequest): Promise<IssuedGiftCard>;
}

/** A refusal or an unreachable provider. `code` is stored as the order's `error`. */
export class GiftCardError extends Error {
  constructor(message: string, readonly code: number) {
    super(message);
    this.name = 'GiftCardError';
  }
}

export const GIFT_CARD_TIMEOUT_CODE = 504;
export const GIFT_CARD_FAILURE_CODE = 502;

export interface LocalGiftCardOptions {
  clock?: () => Date;
  timeoutMs?: number;
  /** Tests: 'fail' refuses every card; 'hang' never answers (the service's timeout fires). */
  mode?: 'issue' | 'fail' | 'hang';
}

// Crockford's alphabet: no I, L, O or U, so a code read aloud or copied by hand survives.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "IMP-XXXX-XXXX-XXXX-XXXX": 80 random bits, so codes in the public coupon URL cannot be guessed. */
export function newCouponCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `IMP-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

/** The coupon page of a code; root-relative, so it opens on whatever host the device used. */
export const couponPath = (code: string) => `${API_BASE}${buildPath(REWARDS_PATHS.coupon, { code })}`;

export class LocalGiftCardProvider implements GiftCardProvider {
  readonly timeoutMs: number;
  readonly #clock: () => Date;
  readonly #mode: NonNullable<LocalGiftCardOptions['mode']>;
  readonly #issued = new Map<number, IssuedGiftCard>();

  constructor(options: LocalGiftCardOptions = {}) {
    this.#clock = options.clock ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.#mode = options.mode ?? 'issue';
  }

  async issue(request: GiftCardRequest): Promise<IssuedGiftCard> {
    if (this.#mode === 'hang') return new Promise<IssuedGiftCard>(() => undefined);
    if (this.#mode === 'fail') throw new GiftCardError('El proveedor ha rechazado la tarjeta', GIFT_CARD_FAILURE_CODE);
    const known = this.#issued.get(request.orderId);
    if (known) return known;
    const code = newCouponCode();
    const start = this.#clock();
    const card: IssuedGiftCard = {
      providerId: `local-${request.orderId}`,
      code,
      url: couponPath(code),
      validityStart: start,
      validityEnd: new Date(start.getTime() + COUPON_VALIDITY_DAYS * 86_400_000),
    };
    this.#issued.set(request.orderId, card);
    return card;
  }
}

/** `provider.issue`, or a GiftCardError once its timeoutMs has passed. */
export async function issueWithTimeout(provider: GiftCardProvider, request: GiftCardRequest): Promise<IssuedGiftCard> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new GiftCardError('El proveedor no ha respondido a tiempo', GIFT_CARD_TIMEOUT_CODE)), provider.timeoutMs);
  });
  try {
    return await Promise.race([provider.issue(request), timeout]);
  } catch (error) {
    if (error instanceof GiftCardError) throw error;
    throw new GiftCardError('No se pudo contactar con el proveedor', GIFT_CARD_FAILURE_CODE);
  } finally {
    clearTimeout(timer);
  }
}
