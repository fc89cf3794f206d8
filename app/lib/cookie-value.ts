/**
 * The raw value of one cookie in a `Cookie` request header, not URI-decoded (each reader knows
 * how its own value was written), or null when the header does not carry it.
 */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  const raw = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return raw || null;
}
