/**
 * The active organisation of an employer in several (docs/architecture.md §4), as the browser and
 * the server both need it: where the switcher posts, the field every employer form carries, and
 * what the employer area refuses, as the data of its error answers.
 */

import type { HeaderAccount } from "~/components/site-header.tsx";

/** Where the switcher posts. */
export const switchOrganisationPath = "/employer-organisation";

/**
 * The hidden field every employer form posts: the organisation its page was rendered for, which
 * the employer area's middleware compares with the session's active one.
 */
export const organisationField = "_organisation";

/** A form posted from a page rendered for another organisation than the active one (409). */
export interface StaleOrganisationRefusal {
  refusal: "stale-organisation";
  /** The organisation the page was rendered for, if the person still belongs to it. */
  pageOrganisation: string | null;
  activeOrganisation: string;
  /** The page to reload, now for the active organisation. */
  reload: string;
  /**
   * The signed-in header and footer: a refusal made before any loader ran (a page posted
   * without JavaScript) has no layout data of its own to draw them from.
   */
  shell: { account: HeaderAccount; year: number };
}

/** What a team role was refused, named for the person (403). */
export const refusedSubjects = {
  billing: "billing",
  integrations: "API keys and webhooks",
} as const;

/** A page the person's role in the active organisation does not include (403). */
export interface TeamRoleRefusal {
  refusal: "team-role";
  subject: keyof typeof refusedSubjects;
  /** The domain's own words for the refusal. */
  message: string;
}

function refusalOf(value: unknown): unknown {
  return typeof value === "object" && value !== null
    ? (value as { refusal?: unknown }).refusal
    : undefined;
}

export function isStaleOrganisationRefusal(value: unknown): value is StaleOrganisationRefusal {
  return refusalOf(value) === "stale-organisation";
}

export function isTeamRoleRefusal(value: unknown): value is TeamRoleRefusal {
  return refusalOf(value) === "team-role";
}
