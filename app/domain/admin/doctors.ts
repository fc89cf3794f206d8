import { z } from "zod";

/**
 * The revoke and restore buttons on each doctor (POST /admin/doctors). Revoking ends the doctor's
 * sessions at once, so it asks first: `confirm` is "yes" only on the confirmation's own button.
 */
export const doctorAccessSchema = z.object({
  intent: z.enum(["revoke", "restore"]),
  userId: z.string().catch(""),
  confirm: z.literal("yes").optional().catch(undefined),
});
