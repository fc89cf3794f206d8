import { and, count, eq, gt } from "drizzle-orm";
import { contactMessage, interestRegistration } from "~/db/schema/index.ts";
import type { EnquiryServices } from "./enquiry-services.ts";

/** Stored submissions one address may make across both public forms in the window. */
export const enquiryRateLimit = { max: 10, windowMinutes: 10 } as const;

/**
 * A per-IP limit on the public forms, counted from the stored submissions themselves so it holds
 * across processes and restarts. The IP is the socket address unless TRUST_PROXY says otherwise
 * (server/app.ts), so a forged X-Forwarded-For does not reset it.
 */
export async function isEnquiryRateLimited(
  services: Pick<EnquiryServices, "database">,
  ip: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (!ip) return false;
  const since = new Date(now.getTime() - enquiryRateLimit.windowMinutes * 60_000);
  const { db } = services.database;
  const [[contacts], [interests]] = await Promise.all([
    db
      .select({ n: count() })
      .from(contactMessage)
      .where(and(eq(contactMessage.ip, ip), gt(contactMessage.createdAt, since))),
    db
      .select({ n: count() })
      .from(interestRegistration)
      .where(and(eq(interestRegistration.ip, ip), gt(interestRegistration.createdAt, since))),
  ]);
  return (contacts?.n ?? 0) + (interests?.n ?? 0) >= enquiryRateLimit.max;
}
