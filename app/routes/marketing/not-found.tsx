import { data } from "react-router";
import { PageNotFound } from "~/components/page-not-found.tsx";
import { runtimeContext } from "~/context.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import type { Route } from "./+types/not-found";

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.get(runtimeContext).logger.warn({ path }, "page not found");
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = () => privatePageMeta("Page not found");

export default function NotFound() {
  return (
    <PageNotFound
      message="The page you were looking for does not exist or has moved."
      link={{ to: "/", label: "Return to the home page" }}
    />
  );
}
