/**
 * Why a delivery attempt failed, as a category fit for a log line and the
 * inbox: never the error's message, which can quote an address or the lead.
 * `permanent` failures are not retried (trying again would change nothing).
 */
export class DeliveryFailure extends Error {
  constructor(
    readonly category: string,
    readonly permanent = false,
    options?: ErrorOptions,
  ) {
    super(`delivery failed: ${category}`, options);
    this.name = 'DeliveryFailure';
  }
}

/**
 * A notice no longer worth sending: its code was used or has expired, or its account has ended. It is put
 * aside as `dropped`, neither sent nor failed.
 */
export class NotWorthSending extends Error {
  constructor(readonly category: string) {
    super(`not worth sending: ${category}`);
    this.name = 'NotWorthSending';
  }
}
