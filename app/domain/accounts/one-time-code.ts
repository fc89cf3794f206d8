import { z } from "zod";

/**
 * A code as it was typed or pasted, without its spaces: authenticator apps show "123 456", and a
 * code copied from one arrives with the space (and at times a line break). Used by every form that
 * takes an authenticator or backup code, in the browser and on the server alike.
 */
export const oneTimeCode = z.string().transform((text) => text.replace(/\s+/g, ""));
