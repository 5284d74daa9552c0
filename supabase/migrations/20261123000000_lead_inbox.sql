-- The sales team's inbox (/admin) reads leads through the server's key:
-- service_role may now read both tables. The public keys still may not.
grant select on table public.prospect_inquiries, public.broker_requests to service_role;
