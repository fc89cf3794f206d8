import { Outlet } from "react-router";
import { noStore } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

/** Sign-in, registration, reset and set-up pages: never cached (they carry tokens and errors). */
export const middleware: Route.MiddlewareFunction[] = [noStore];

export default function AuthLayout() {
  return (
    <div className="bg-surface">
      <Outlet />
    </div>
  );
}
