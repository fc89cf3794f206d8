import { z } from "zod";
import { JOB_ROLES } from "./select-pre-employment-modules.ts";

/** The risks a job may carry, as the demo's role form names them, with their labels. */
export const DEMO_FLAGS = [
  ["drivingRequired", "Driving is part of the job"],
  ["nightShifts", "Night shifts"],
  ["loneWorking", "Lone working"],
  ["safetyCritical", "Safety-critical work"],
] as const;

/** A ticked box sends "on"; anything else, or nothing, is unticked. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value === "on");

/**
 * The public demo's role form (GET /pre-employment-demo; docs/architecture.md §3, "Forms"): the
 * loader reads the query string with it and the form checks the same in the browser. An unknown
 * role reads as none chosen yet, so a hand-edited link shows the form, not an error.
 */
export const demoRoleSchema = z.object({
  role: z.enum(JOB_ROLES).nullable().catch(null),
  drivingRequired: ticked,
  nightShifts: ticked,
  loneWorking: ticked,
  safetyCritical: ticked,
});
