/** What a notice says about its subject, as notice-context-repository.ts reads it. */

/** A rental as its notices tell it. */
export interface RentalContext {
  id: string;
  itemId: string;
  itemName: string;
  renterId: string;
  renterName: string;
  ownerId: string;
  ownerName: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  totalPence: number;
  returned: boolean;
  cancelled: boolean;
}

/** A message with its thread's people and item. */
export interface MessageContext {
  body: string;
  senderId: string;
  senderName: string;
  ownerId: string;
  renterId: string;
  itemId: string;
  itemName: string;
}

/** A paid checkout as its renter's receipt shows it. */
export interface OrderContext {
  id: string;
  /** The short reference people quote ('TS-7K3Q-92'). */
  reference: string;
  renterId: string;
  subtotalPence: number;
  serviceFeePence: number;
  amountPence: number;
  /** What of the charge the renter's Toolshed balance paid (the card the rest). */
  balancePence: number;
  brand: string;
  last4: string;
  /** The London date the order was paid (its checkout). */
  paidOn: string;
  /** By rental id: the order the fee shares (and so the refunds) follow. */
  lines: OrderLine[];
  /** Set on the part of an order a receipt covers: one request line, captured when its owner accepted. */
  acceptedRequest?: boolean;
}

export interface OrderLine {
  rentalId: string;
  itemName: string;
  ownerName: string;
  ownerEmail: string;
  /** Only a verified phone, as the rental page shows it. */
  ownerPhone: string | null;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  totalPence: number;
  /** The rates charged, frozen at booking (null: an older rental that did not record them). */
  dailyRatePence: number | null;
  weeklyRatePence: number | null;
  /** null: booked instantly (captured at checkout); else the request's answer, captured on acceptance. */
  requestStatus: string | null;
  requestAmountPence: number | null;
  /** The refundable deposit held on the card for this line (0: none). */
  depositPence: number;
  /** The line's share of the checkout's service fee, once a receipt's part has been chosen (capturedPart). */
  feeSharePence?: number;
  address: string | null;
  city: string | null;
  postcode: string | null;
  returned: boolean;
  cancelled: boolean;
}

/** A paid extension as its renter's receipt shows it (the figures are the extension's own, fixed when it was paid). */
export interface ExtensionContext {
  id: string;
  rentalId: string;
  renterId: string;
  itemName: string;
  ownerName: string;
  /** 'paid' once charged; a receipt is written for nothing else. */
  status: string;
  /** YYYY-MM-DD: the rental's start, its end before and after the extension. */
  startDate: string;
  fromEndDate: string;
  toEndDate: string;
  /** What the extension added to the line and the fee (negative: the longer rental costs less). */
  linePence: number;
  feePence: number;
  paidWith: 'card' | 'balance';
  cardBrand: string | null;
  cardLast4: string | null;
  /** The rates charged, frozen at booking (null: an older rental that did not record them). */
  dailyRatePence: number | null;
  weeklyRatePence: number | null;
  /** The rental's order reference ('TS-7K3Q-92'); null for a rental without a checkout. */
  reference: string | null;
  /** Paid when the owner accepted (a request item) rather than at once. */
  accepted: boolean;
  /** The London date it was paid. */
  paidOn: string;
}

export interface Recipient {
  id: string;
  name: string;
  email: string;
  deleted: boolean;
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
}
