import ipaddr from 'ipaddr.js';

/** Every request whose address cannot be known counts as this one client: limited together, never unlimited. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The header the project's own server (scripts/serve.mjs) sets to the address
 * of the connection a request came in on, after removing any copy a client
 * sent. Its value starts with a token known only to this process, so that
 * where the site runs without that server the header is never believed.
 */
export const SOCKET_ADDRESS_HEADER = 'x-aldercrest-socket-address';
export const SOCKET_TOKEN_VARIABLE = 'ALDERCREST_SOCKET_TOKEN';

export interface ClientAddressRules {
  /** The header a trusted proxy sets to the visitor's address; null to use the connection's own. */
  trustedHeader: string | null;
  /** How many leading bits of an IPv6 address make one client (one household or office gets a /64). */
  ipv6Prefix: number;
}

/**
 * Who sent a request, as the limits count clients: the connection's address
 * on a directly exposed server, the trusted proxy's report behind one. IPv4
 * spelled as IPv6 counts as IPv4; IPv6 counts per network prefix; anything
 * missing or unreadable counts as one shared unknown client.
 */
export function clientAddress(headers: Headers, { trustedHeader, ipv6Prefix }: ClientAddressRules): string {
  const reported = trustedHeader ? fromProxy(headers.get(trustedHeader), trustedHeader) : fromSocket(headers.get(SOCKET_ADDRESS_HEADER));
  return reported === null ? UNKNOWN_CLIENT : clientKey(reported, ipv6Prefix);
}

function fromProxy(value: string | null, header: string): string | null {
  if (!value) return null;
  // A proxy appends the address it saw, so the last entry is the one it vouches for.
  return (header === 'x-forwarded-for' ? value.split(',').at(-1) : value)?.trim() ?? null;
}

function fromSocket(value: string | null): string | null {
  const token = process.env[SOCKET_TOKEN_VARIABLE];
  if (!value || !token) return null;
  const [sentToken, address] = value.split(' ', 2);
  return sentToken === token && address ? address : null;
}

/** The client an address belongs to, or the unknown client. */
export function clientKey(address: string, ipv6Prefix: number): string {
  // Four plain decimals for IPv4 (not the legacy spellings such as 0x7f.1); a zone names no client.
  const bare = address.replace(/%.*$/, '');
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return UNKNOWN_CLIENT;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${ipv6Prefix}`);
  return ipv6Prefix === 128 ? network.toString() : `${network.toString()}/${ipv6Prefix}`;
}
