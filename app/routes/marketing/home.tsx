import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "ReferOH | Online occupational health for UK employers" },
  {
    name: "description",
    content:
      "Pre-employment health assessments and management referrals for UK employers, reviewed by GMC-registered occupational health doctors.",
  },
];

export default function Home() {
  return (
    <section className="bg-gradient-to-b from-accent to-background">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 md:py-28">
        <p className="font-medium text-primary text-sm uppercase tracking-wide">
          Occupational health, online
        </p>
        <h1 className="mt-3 max-w-3xl font-bold text-4xl tracking-tight md:text-5xl">
          Clinician-led occupational health for UK employers
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
          Pre-employment health assessments and management referrals, completed online and reviewed
          by GMC-registered occupational health doctors.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/how-it-works">Learn More</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
