-- The versions of the co-brokerage terms as the team reads them on its page: number, date and who published
-- each (null once their account is gone), newest first. The bodies stay out: only the latest is shown.

create function public.terms_versions(p_actor uuid) returns jsonb
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.acting(p_actor, private.team());
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'version', v.number, 'published_at', v.published_at, 'published_by', a.name
    ) order by v.number desc), '[]'::jsonb)
    from private.terms_versions v left join private.accounts a on a.id = v.published_by
  );
end;
$$;

-- The server's key alone may call it (rls.test.ts holds every public function to it).
revoke all on function public.terms_versions(uuid) from public, anon, authenticated;
grant execute on function public.terms_versions(uuid) to service_role;
