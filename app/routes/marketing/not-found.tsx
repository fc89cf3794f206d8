import { data, Link } from "react-router";
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
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      <h1 className="font-bold text-5xl tracking-tight">
        404{" "}
        <span className="block font-semibold text-2xl text-muted-foreground">
          Oops! Page not found
        </span>
      </h1>
      <p className="text-muted-foreground">
        The page you were looking for does not exist or has moved.
      </p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4">
        Return to the home page
      </Link>
    </section>
  );
}
