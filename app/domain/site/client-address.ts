/**
 * A client's address as the site counts it (the rate limit, the sign-in lockout, who wrote a
 * revision). An IPv4 address is itself. An IPv6 host is usually handed a whole /64 network and
 * may pick any address in it, so an IPv6 address counts as its /64 prefix: otherwise one host
 * would have 2^64 fresh allowances. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is IPv4.
 */
export function countedAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address.split("%")[0] ?? "");
  if (!groups) return address;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, written in full (lowercase, no leading zeros). */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  // An embedded IPv4 tail (a.b.c.d) stands for two groups; it is past the /64 either way.
  const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes(".") ? 2 : 1), 0);
  const missing = 8 - width(head) - width(tail);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.slice(0, 4).every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => (group.includes(".") ? group : group.replace(/^0+(?=.)/, "")));
}
