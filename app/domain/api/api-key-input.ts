import "~/lib/zod-jitless.ts";
import { z } from "zod";
import { requiredText } from "~/lib/required-text.ts";
import { tickedBoxes } from "~/lib/ticked-boxes.ts";
import { apiScopes } from "./api-scopes.ts";

/*
 * The integrations page's forms (docs/api.md), one schema each, read with Conform on both sides
 * (docs/architecture.md §3, "Forms").
 */

const scope = z.enum(apiScopes, "Choose what the key may do");

/** Creating a key: a name people recognise, at least one scope, and an optional last day. */
export const createApiKeySchema = z.object({
  intent: z.literal("create-key"),
  name: requiredText("Give the key a name", 100, "The name must be 100 characters or fewer"),
  scopes: tickedBoxes(scope, "Choose at least one thing the key may do"),
  expiresOn: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine(
      (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
      "Enter the last day as a real date, or leave it empty",
    ),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** Revoking a key: asked to confirm first. */
export const revokeApiKeySchema = z.object({
  intent: z.literal("revoke-key"),
  keyId: z.uuid(),
  confirm: z.literal("yes").optional(),
});
