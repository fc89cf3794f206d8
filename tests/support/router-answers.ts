/* What React Router answers, read the same way by the browser tests and the server tests. */

/** React Router's data request for a page: what client-side navigation fetches. */
export const dataUrl = (url: string) => {
  const [pathname, query] = url.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
};

/**
 * Status and redirect target, for a page and for its `.data` request alike: React Router answers a
 * redirect of a data request with 202 and the target in its turbo-stream body.
 */
export function redirectAnswer(
  status: number,
  location: string | undefined,
  body: string,
): { status: number; location: string } {
  if (status === 202 && body.startsWith('[["SingleFetchRedirect"')) {
    const redirect = /"redirect","([^"]*)","status",(\d+)/.exec(body);
    if (redirect) return { status: Number(redirect[2]), location: redirect[1]! };
  }
  return { status, location: location ?? "" };
}
