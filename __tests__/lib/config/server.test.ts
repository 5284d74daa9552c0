import { parseServerConfig } from '@/lib/config/server';

describe('parseServerConfig', () => {
  test('with nothing set: the embedded store in ./.data, 5 per 10 minutes per client, 60 a minute in all, no proxy trusted', () => {
    expect(parseServerConfig({} as NodeJS.ProcessEnv)).toEqual({
      store: { kind: 'embedded', dataDir: './.data' },
      guards: { perClient: { limit: 5, windowSeconds: 600 }, global: { limit: 60, windowSeconds: 60 }, clientAddressHeader: null },
      adminPassword: null,
      webhook: null,
    });
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

  test('reads the inbox password and the webhook', () => {
    const config = parseServerConfig({
      ADMIN_PASSWORD: 'long enough password',
      LEAD_WEBHOOK_URL: 'https://hooks.example/leads',
      LEAD_WEBHOOK_FORMAT: 'slack',
    } as unknown as NodeJS.ProcessEnv);
    expect(config).toMatchObject({ adminPassword: 'long enough password', webhook: { url: 'https://hooks.example/leads', format: 'slack' } });
    expect(() => parseServerConfig({ ADMIN_PASSWORD: 'short' } as unknown as NodeJS.ProcessEnv)).toThrow('ADMIN_PASSWORD must be at least 12 characters');
  });

  test('refuses a Supabase URL without a key', () => {
    expect(() => parseServerConfig({ SUPABASE_URL: 'https://abc.supabase.co' } as unknown as NodeJS.ProcessEnv)).toThrow(
      'SUPABASE_SECRET_KEY is required when SUPABASE_URL is set',
    );
  });
});
