import { getFormProps } from "@conform-to/react";
import { FileArchiveIcon } from "lucide-react";
import { Form } from "react-router";
import { adminMeta } from "~/components/admin/list-page.tsx";
import { AdminPage } from "~/components/admin/pagination.tsx";
import { AdminSection } from "~/components/admin/section.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import {
  type SubjectAccessError,
  subjectAccessErrors,
  subjectAccessSchema,
} from "~/domain/governance/subject-access-form.ts";
import type { Route } from "./+types/subject-access";

export const meta: Route.MetaFunction = () => adminMeta("Subject access");

export function loader({ request }: Route.LoaderArgs) {
  const error = new URL(request.url).searchParams.get("error");
  return {
    error:
      // Own keys only: `?error=__proto__` or `constructor` must not find Object.prototype's members.
      error && Object.hasOwn(subjectAccessErrors, error)
        ? subjectAccessErrors[error as SubjectAccessError]
        : null,
  };
}

export default function AdminSubjectAccess({ loaderData }: Route.ComponentProps) {
  // Checked in the browser with JavaScript; without it, the export sends back the kind of problem.
  const [form, fields] = useSchemaForm({
    id: "subject-access",
    schema: subjectAccessSchema,
    lastResult: null,
  });
  const emailError = fields.email.errors ?? (loaderData.error ? [loaderData.error] : undefined);
  const summary = errorSummary({ email: { errors: emailError } }, { email: "email" });
  return (
    <AdminPage
      title="Subject access request"
      description="Download everything ReferOH holds about one person: their referrals, consent decisions, questionnaire answers, assessment transcripts, reports and released report PDFs, and their account if they have one. The file contains nothing about anyone else."
      width="narrow"
    >
      <AdminSection id="export-heading" title="Export a person's data" icon={FileArchiveIcon} card>
        <ErrorSummary errors={summary} className="mt-4" />
        {/* A native form post: the answer is a file download, not a page. */}
        <Form
          method="post"
          action="/admin/subject-access/export"
          reloadDocument
          {...getFormProps(form)}
          noValidate
          className="mt-4 grid gap-5"
        >
          <FormField
            id="email"
            label="Email address"
            hint="The address the person gave, or was referred under. Letter case does not matter."
            error={emailError}
          >
            <Input name="email" type="email" autoComplete="off" />
          </FormField>
          <p className="text-muted-foreground text-sm">
            The export is recorded in the audit log. Check the requester's identity before you send
            the file, and send it securely.
          </p>
          <div>
            <Button type="submit">Download ZIP</Button>
          </div>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}
