import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { member, organisation, user } from "~/db/schema/index.ts";
import { isCommonPassword } from "~/services/auth/common-passwords.server.ts";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_STRENGTH,
  passwordMessages,
} from "./password-rules.ts";

/** What the person told us about themselves: a password built from it is easy to guess. */
interface PasswordOwner {
  email?: string | null;
  name?: string | null;
  company?: string | null;
}

/**
 * zxcvbn's cost grows steeply with length (a 128-character random string took two seconds here);
 * the first 64 characters are plenty to judge a password by, and keep each check to milliseconds.
 */
const ESTIMATE_MAX_LENGTH = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Built once, on first use: the common-passwords and English dictionaries are several megabytes,
 * so only the server loads them, and only when a password is set.
 */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
        maxLength: ESTIMATE_MAX_LENGTH,
      }),
  );
  return estimator;
}

/** The service's own name: the first word a guesser tries against any account of ours. */
const productWords = ["referoh", "refer oh"];

/**
 * The words a guesser would try first for this person: the e-mail address, its local part and
 * their parts, the name and company, whole and word by word ("Priya Shah" → priya, shah,
 * priyashah).
 */
export function personalWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const localPart = owner.email?.trim().split("@")[0];
  for (const value of [owner.email, localPart, owner.name, owner.company]) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    const parts = text.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
    for (const part of parts) words.add(part);
    if (parts.length > 1) words.add(parts.join(""));
  }
  return [...words];
}

interface Match {
  i: number;
  j: number;
  token: string;
  pattern: string;
  dictionaryName?: string;
  matchedWord?: string;
}

/** The password with these parts (zxcvbn's matches, by string index, inclusive) cut out. */
function withoutParts(password: string, parts: Match[]): string {
  let rest = "";
  let from = 0;
  for (const part of [...parts].sort((a, b) => a.i - b.i)) {
    rest += password.slice(from, part.i);
    from = part.j + 1;
  }
  return rest + password.slice(from);
}

/** The refusal of a password `passwordProblem` found fault with; the page shows its message. */
export type WeakPassword = { status: "weak-password"; message: string };

/**
 * The first problem with a new password, or null. Used wherever a password is set: sign-up,
 * reset, change, and the set-up of doctors and administrators.
 */
export async function passwordProblem(
  password: string,
  owner: PasswordOwner = {},
): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (await isCommonPassword(password)) return passwordMessages.common;
  // zxcvbn may still rate a password that holds the whole address as strong: never accept it.
  const lower = password.toLowerCase();
  const email = owner.email?.trim().toLowerCase() ?? "";
  const localPart = email.split("@")[0] ?? "";
  if ((email && lower.includes(email)) || (localPart.length >= 4 && lower.includes(localPart))) {
    return passwordMessages.personal;
  }
  const estimator = await passwordEstimator();
  const personal = personalWords(owner);
  const inputs = [...productWords, ...personal];
  const judged = password.slice(0, ESTIMATE_MAX_LENGTH);
  const result = estimator.check(judged, inputs);
  const sequence = result.sequence as Match[];
  const fromInputs = sequence.filter((part) => part.dictionaryName === "userInputs");
  if (result.score >= PASSWORD_MIN_STRENGTH) {
    // zxcvbn adds a fixed cost for every part of a password, so "NorthwindLogistics2026!" (the
    // company, a year, a symbol) scores 3 on the parts alone. What is left once the person's and
    // the service's words are taken out must reach the score by itself.
    if (fromInputs.length === 0) return null;
    const rest = withoutParts(judged, fromInputs);
    if (rest.length > 0 && estimator.check(rest, inputs).score >= PASSWORD_MIN_STRENGTH) {
      return null;
    }
  }
  if (fromInputs.length > 0) {
    const lowerTokens = fromInputs.map((part) => part.matchedWord ?? part.token.toLowerCase());
    const personalOnly = lowerTokens.some((word) => !productWords.includes(word));
    return personalOnly ? passwordMessages.personal : passwordMessages.product;
  }
  if (sequence.some((part) => part.dictionaryName === "passwords-common")) {
    return passwordMessages.common;
  }
  return passwordMessages.weak(result.feedback.warning);
}

/** The account's own address, name and organisations' names, for `passwordProblem`. */
export async function passwordOwnerOf(db: Database, userId: string): Promise<PasswordOwner> {
  const rows = await db
    .select({ email: user.email, name: user.name, company: organisation.name })
    .from(user)
    .leftJoin(member, eq(member.userId, user.id))
    .leftJoin(organisation, eq(organisation.id, member.organisationId))
    .where(eq(user.id, userId));
  const [first] = rows;
  if (!first) return {};
  return {
    email: first.email,
    name: first.name,
    company: rows
      .map((row) => row.company)
      .filter(Boolean)
      .join(" "),
  };
}
