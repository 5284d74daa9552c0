import 'server-only';
import { authKey } from '@/lib/auth/secret';
import { serverConfig } from '@/lib/config/server';
import { siteUrl } from '@/lib/config/site';
import { logEvent } from '@/lib/log';
import { processOnce } from '@/lib/process-state';
import { getStore } from '@/lib/store';
import { createDeliveryWorker, type DeliveryWorker } from './worker';

export { noticesFor } from './worker';

/** The process's delivery worker, on the process's store and configuration. */
export function deliveryWorker(): DeliveryWorker {
  return processOnce('deliveryWorker', () => {
    const config = serverConfig();
    return createDeliveryWorker({ store: getStore(), config, siteUrl: siteUrl(), authKey: authKey(config.store) });
  });
}

/** At start-up: says once how leads will reach people, then delivers whatever is due, now and every ten seconds. */
export function startDelivery(): void {
  const { mail, webhook } = serverConfig();
  if (mail) {
    const relay = new URL(mail.smtpUrl);
    // The relay's host and port only: SMTP_URL may carry a user name and password.
    logEvent('mail.enabled', { host: relay.hostname, port: relay.port || (relay.protocol === 'smtps:' ? '465' : '587'), implicitTls: relay.protocol === 'smtps:' });
  } else {
    logEvent('mail.disabled', { reason: 'SMTP_URL is not set: no email to the sales team and no receipts' }, 'warn');
  }
  logEvent('webhook.' + (webhook ? 'enabled' : 'disabled'), webhook ? { format: webhook.format, signed: webhook.secret !== null } : {});
  deliveryWorker().start();
}
