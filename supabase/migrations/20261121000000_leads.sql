-- Leads from the site's two forms. The Supabase CLI applies this file in
-- production; the embedded store applies the same file at start-up.
--
-- Length limits equal lib/leads/fields.ts (a test compares them). Optional
-- columns hold NULL, never an empty string.

create table public.prospect_inquiries (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  full_name text not null check (full_name <> '' and char_length(full_name) <= 120),
  email text not null check (email <> '' and char_length(email) <= 254),
  phone text check (phone <> '' and char_length(phone) <= 40),
  message text check (message <> '' and char_length(message) <= 4000)
);

create table public.broker_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  full_name text not null check (full_name <> '' and char_length(full_name) <= 120),
  email text not null check (email <> '' and char_length(email) <= 254),
  brokerage text not null check (brokerage <> '' and char_length(brokerage) <= 160),
  license_number text check (license_number <> '' and char_length(license_number) <= 60),
  phone text check (phone <> '' and char_length(phone) <= 40),
  message text check (message <> '' and char_length(message) <= 4000)
);

create index prospect_inquiries_created_at_idx on public.prospect_inquiries (created_at desc);
create index broker_requests_created_at_idx on public.broker_requests (created_at desc);

-- Row level security on, with no policy: the public API keys (anon,
-- authenticated) can neither read nor write. Only the server, holding the
-- service_role key, inserts; it bypasses RLS and needs nothing but INSERT.
alter table public.prospect_inquiries enable row level security;
alter table public.broker_requests enable row level security;

revoke all on table public.prospect_inquiries, public.broker_requests from public, anon, authenticated, service_role;
grant insert on table public.prospect_inquiries, public.broker_requests to service_role;
