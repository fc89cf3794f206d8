/** Addresses of the assessment pages; the token is the only key the person has. */
export function assessmentPath(token: string, ...rest: string[]): string {
  return `/assessment/${token}${rest.map((part) => `/${part}`).join("")}`;
}
