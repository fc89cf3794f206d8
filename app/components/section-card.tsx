import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * The head of a settings page: the organisation, the page's title and purpose, then why the last
 * change was refused or what it did, if anything.
 */
export function SettingsPageHeader({
  organisationName,
  title,
  refusal,
  notice,
  children,
}: {
  organisationName: string;
  title: string;
  refusal: string | null | undefined;
  notice?: string | null;
  /** What the page is for, in a sentence or two. */
  children: ReactNode;
}) {
  return (
    <>
      <header>
        <p className="font-medium text-muted-foreground text-sm">{organisationName}</p>
        <h1 className="mt-1 font-semibold text-3xl tracking-tight">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{children}</p>
      </header>
      {refusal ? (
        <Alert variant="destructive">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}
      {notice ? (
        <Alert role="status">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

/** A section of a settings page (the team, the integrations): a card with its icon, heading and purpose. */
export function SectionCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <Icon aria-hidden="true" className="size-5" />
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
