/**
 * A mail relay the tests own: a real SMTP server (npm smtp-server) on a local
 * port, which keeps every message it accepts, parsed by mailparser. It can be
 * stopped and started again on the same port (a relay that is down for a
 * while), told to take messages in but hold back its answer (a sender cut
 * off then cannot know the message arrived, and sends it again), or to
 * refuse them for good (a 5xx).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { openForTests } from './open-for-tests';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export type RelayMode = 'accept' | 'hold' | 'wait' | 'reject';

export interface TestRelay {
  port: number;
  /** What SMTP_URL would be, with a user and password that the relay accepts. */
  url: string;
  received: ReceivedMail[];
  setMode(mode: RelayMode): void;
  /** Answers every message waiting in the `wait` mode: accepted. */
  release(): void;
  /** Resolves once at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRelay(port = 0): Promise<TestRelay> {
  const received: ReceivedMail[] = [];
  const held: (() => void)[] = [];
  const waiting: (() => void)[] = [];
  let mode: RelayMode = 'accept';
  let server: SMTPServer | undefined;
  let listeningPort = port;

  const create = () =>
    new SMTPServer({
      logger: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (mode === 'reject') {
            const refusal = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
            callback(refusal);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            raw,
            parsed: await simpleParser(raw),
          });
          if (mode === 'hold') held.push(() => callback(new Error('relay closed')));
          else if (mode === 'wait') waiting.push(() => callback());
          else callback();
        });
      },
    });

  const start = async () => {
    server = create();
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(listeningPort, '127.0.0.1', () => resolve());
    });
    listeningPort = (current.server.address() as AddressInfo).port;
  };

  const stop = async () => {
    const current = server;
    server = undefined;
    held.splice(0).forEach((release) => release());
    waiting.splice(0).forEach((release) => release());
    if (!current) return;
    for (const connection of current.connections) connection.close();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await start();

  return {
    get port() {
      return listeningPort;
    },
    get url() {
      return `smtp://relay-user:relay-password@127.0.0.1:${listeningPort}`;
    },
    received,
    setMode(next) {
      mode = next;
    },
    release() {
      waiting.splice(0).forEach((answer) => answer());
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the relay received ${received.length} messages, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    stop,
    start,
  };
}

/** The relay a describe block's tests send to: started before them, stopped after. */
export const relayForTests = () => openForTests(() => startRelay(), (relay) => relay.stop());

/** A server's environment whose mail goes through the relay: the team's and the brokers' addresses, New York's time. */
export function mailEnvironment(relay: TestRelay, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_URL: relay.url,
    MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
    LEAD_NOTIFY_TO: 'sales@aldercrest.example',
    LEAD_NOTIFY_TO_BROKER: 'brokers@aldercrest.example, sales@aldercrest.example',
    SITE_TIME_ZONE: 'America/New_York',
    ...overrides,
  };
}
