import { formatPhoneForDisplay } from "~/lib/phone.ts";

/** How to reach the person: formatted here, so no page ships phone-number metadata. */
export function contactOf(email: string, phone: string | null) {
  return { email, phone, phoneDisplay: phone ? formatPhoneForDisplay(phone) : null };
}
