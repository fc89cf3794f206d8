import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { doctorSignatureOf } from "./case-access.server.ts";

/** The signature the doctor's report will carry, shown in the editor before signing. */
export async function doctorSignature(scope: Scope) {
  const { db, actor } = requireDoctor(scope);
  return doctorSignatureOf(db, actor.userId);
}
