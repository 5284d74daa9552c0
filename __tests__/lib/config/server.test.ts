import { parseServerConfig } from '@/lib/config/server';

describe('parseServerConfig', () => {
  test('with nothing set: the embedded store in ./.data, 5 per 10 minutes per client, 60 a minute in all, no proxy trusted', () => {
    expect(parseServerConfig({} as NodeJS.ProcessEnv)).toEqual({
      store: { kind: 'embedded', dataDir: './.data' },
      guards: { perClient: { limit: 5, windowSeconds: 600 }, global: { limit: 60, windowSeconds: 60 }, clients: { trustedHeader: null, ipv6Prefix: 64 } },
      ownerEmails: [],
      retentionDays: null,
      privacy: { operator: null, contact: null },
      webhook: null,
      mail: null,
      timeZone: 'America/New_York',
      tourLocation: 'Aldercrest Estates, Sales Gallery',
    });
  });

  test('reads where tours take place from TOUR_LOCATION, one line, trimmed', () => {
    const location = (value: string) => parseServerConfig({ TOUR_LOCATION: value } as unknown as NodeJS.ProcessEnv).tourLocation;
    expect(location('  Aldercrest Estates, Sales Gallery, 1 Alder Way  ')).toBe('Aldercrest Estates, Sales Gallery, 1 Alder Way');
    expect(location('')).toBe('Aldercrest Estates, Sales Gallery');
    expect(() => location('Sales Gallery\r\nBCC: x@example.com')).toThrow('TOUR_LOCATION must be an address on one line');
    expect(() => location('x'.repeat(201))).toThrow('TOUR_LOCATION must be an address on one line');
  });

  test('chooses Supabase when the URL and a key are set, accepting either key name', () => {
    const env = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k' } as unknown as NodeJS.ProcessEnv;
    expect(parseServerConfig(env).store).toEqual({ kind: 'supabase', url: 'https://abc.supabase.co', key: 'k', timeoutMs: 8000 });
  });

  test('treats empty assignments as unset', () => {
    const env = { SUPABASE_URL: '', SUPABASE_SECRET_KEY: '', RATE_LIMIT_GLOBAL: '' } as unknown as NodeJS.ProcessEnv;
    expect(parseServerConfig(env).store.kind).toBe('embedded');
  });

  test.each([
    ['5/10m', { limit: 5, windowSeconds: 600 }],
    ['60/m', { limit: 60, windowSeconds: 60 }],
    ['100 / 1h', { limit: 100, windowSeconds: 3600 }],
    ['3/30s', { limit: 3, windowSeconds: 30 }],
    ['OFF', null],
  ])('reads the rate limit %p', (value, expected) => {
    expect(parseServerConfig({ RATE_LIMIT_PER_IP: value } as unknown as NodeJS.ProcessEnv).guards.perClient).toEqual(expected);
  });

  test('names every offending variable, and never its value', () => {
    const env = {
      SUPABASE_URL: 'ftp://nope',
      SUPABASE_SECRET_KEY: 'sb_secret_do_not_print',
      RATE_LIMIT_PER_IP: 'five a minute',
      TRUST_PROXY: 'X Real IP',
      SUPABASE_TIMEOUT_MS: '10',
    } as unknown as NodeJS.ProcessEnv;
    expect(() => parseServerConfig(env)).toThrow(
      /SUPABASE_URL must be an http\(s\) URL.*SUPABASE_TIMEOUT_MS must be.*RATE_LIMIT_PER_IP must be "off" or a count per period.*TRUST_PROXY must name the header/,
    );
    expect(() => parseServerConfig(env)).not.toThrow(/do_not_print|five a minute/);
  });

  test('reads the owners and the webhook', () => {
    const config = parseServerConfig({
      ADMIN_EMAILS: 'ava@aldercrest.example',
      LEAD_WEBHOOK_URL: 'https://hooks.example/leads',
      LEAD_WEBHOOK_FORMAT: 'slack',
    } as unknown as NodeJS.ProcessEnv);
    expect(config).toMatchObject({
      ownerEmails: ['ava@aldercrest.example'],
      webhook: { url: 'https://hooks.example/leads', format: 'slack', secret: null },
    });
  });

  test('refuses a Supabase URL without a key', () => {
    expect(() => parseServerConfig({ SUPABASE_URL: 'https://abc.supabase.co' } as unknown as NodeJS.ProcessEnv)).toThrow(
      'SUPABASE_SECRET_KEY is required when SUPABASE_URL is set',
    );
  });

  describe('mail', () => {
    const mail = {
      SMTP_URL: 'smtp://leads:s3cret-pass@smtp.example.com:587',
      MAIL_FROM: 'Aldercrest Estates <leads@aldercrest.example>',
      LEAD_NOTIFY_TO: 'sales@aldercrest.example, director@aldercrest.example',
    };

    test('reads the relay, the sender, the team per form, the hourly cap and the time zone', () => {
      const config = parseServerConfig({ ...mail, LEAD_NOTIFY_TO_BROKER: 'brokers@aldercrest.example', MAIL_MAX_PER_HOUR: '50', SITE_TIME_ZONE: 'Europe/London' } as unknown as NodeJS.ProcessEnv);
      expect(config.mail).toEqual({
        smtpUrl: mail.SMTP_URL,
        from: { name: 'Aldercrest Estates', address: 'leads@aldercrest.example' },
        teamTo: { inquiry: ['sales@aldercrest.example', 'director@aldercrest.example'], broker: ['brokers@aldercrest.example'] },
        maxPerHour: 50,
      });
      expect(config.timeZone).toBe('Europe/London');
      expect(parseServerConfig(mail as unknown as NodeJS.ProcessEnv).mail).toMatchObject({
        teamTo: { broker: ['sales@aldercrest.example', 'director@aldercrest.example'] },
        maxPerHour: 200,
      });
    });

    test('without SMTP_URL there is no mail', () => {
      expect(parseServerConfig({ MAIL_FROM: mail.MAIL_FROM } as unknown as NodeJS.ProcessEnv).mail).toBeNull();
    });

    test.each([
      [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
      [{ MAIL_FROM: 'Aldercrest <not an address>' }, 'MAIL_FROM must be an address'],
      [{ MAIL_FROM: 'Aldercrest\r\nBcc: x@example.com <leads@aldercrest.example>' }, 'MAIL_FROM must be an address'],
      [{ LEAD_NOTIFY_TO: 'sales@aldercrest.example, nobody' }, 'LEAD_NOTIFY_TO must be one or more email addresses'],
      [{ LEAD_NOTIFY_TO: '' }, 'LEAD_NOTIFY_TO is required when SMTP_URL is set'],
      [{ MAIL_FROM: '' }, 'MAIL_FROM is required when SMTP_URL is set'],
      [{ MAIL_MAX_PER_HOUR: '0' }, 'MAIL_MAX_PER_HOUR must be a whole number'],
      [{ SITE_TIME_ZONE: 'Mars/Olympus' }, 'SITE_TIME_ZONE must be a time zone name'],
    ])('refuses %p, naming the variable and never the password', (override, message) => {
      const env = { ...mail, ...override } as unknown as NodeJS.ProcessEnv;
      expect(() => parseServerConfig(env)).toThrow(message);
      expect(() => parseServerConfig(env)).not.toThrow(/s3cret-pass/);
    });
  });

  describe('webhook', () => {
    const secret = `whsec_${Buffer.from('twenty-four bytes or more, please').toString('base64')}`;

    test('a JSON webhook needs a Standard Webhooks secret; a Slack one may go without', () => {
      expect(() => parseServerConfig({ LEAD_WEBHOOK_URL: 'https://hooks.example/leads' } as unknown as NodeJS.ProcessEnv)).toThrow(
        'LEAD_WEBHOOK_SECRET is required when LEAD_WEBHOOK_URL is set',
      );
      expect(parseServerConfig({ LEAD_WEBHOOK_URL: 'https://hooks.example/leads', LEAD_WEBHOOK_SECRET: secret } as unknown as NodeJS.ProcessEnv).webhook).toEqual({
        url: 'https://hooks.example/leads',
        format: 'json',
        secret,
      });
    });

    test.each(['secret', 'whsec_', 'whsec_c2hvcnQ=', 'whsec_not base64!'])('refuses the secret %p', (value) => {
      expect(() => parseServerConfig({ LEAD_WEBHOOK_SECRET: value } as unknown as NodeJS.ProcessEnv)).toThrow(/^Invalid environment: LEAD_WEBHOOK_SECRET must be a Standard Webhooks secret/);
    });
  });

  describe('the inbox', () => {
    test('ADMIN_EMAILS names the owners who may always sign in, lower-cased, each once', () => {
      const config = parseServerConfig({ ADMIN_EMAILS: 'Ava@Aldercrest.example, julien@aldercrest.example,ava@aldercrest.example', LEAD_RETENTION_DAYS: '730' } as unknown as NodeJS.ProcessEnv);
      expect(config.ownerEmails).toEqual(['ava@aldercrest.example', 'julien@aldercrest.example']);
      expect(config.retentionDays).toBe(730);
      expect(parseServerConfig({} as NodeJS.ProcessEnv).ownerEmails).toEqual([]);
    });

    test.each([
      [{ ADMIN_EMAILS: 'ava@aldercrest.example, not an address' }, 'ADMIN_EMAILS must be one or more email addresses'],
      [{ ADMIN_USERS: 'Ava Laurent:scrypt$16384$8$1$AAAA$AAAA' }, 'ADMIN_USERS is no longer read: the inbox signs people in by email. Set ADMIN_EMAILS'],
      [{ ADMIN_PASSWORD: 'a long admin passphrase' }, 'ADMIN_PASSWORD is no longer read'],
      [{ SALES_TEAM: 'Ava Laurent' }, 'SALES_TEAM is no longer read: the team is whoever is invited at /admin/team'],
      [{ LEAD_RETENTION_DAYS: '7' }, 'LEAD_RETENTION_DAYS must be a whole number of days from 30 to 3650'],
    ])('refuses %p', (env, message) => {
      expect(() => parseServerConfig(env as unknown as NodeJS.ProcessEnv)).toThrow(message);
    });

    test('names a retired variable without its value', () => {
      expect(() => parseServerConfig({ ADMIN_PASSWORD: 'a secret passphrase' } as unknown as NodeJS.ProcessEnv)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret passphrase') }));
    });
  });
});
