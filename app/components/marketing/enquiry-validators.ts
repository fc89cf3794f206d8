import { contactFormSchema, interestFormSchema } from "~/domain/enquiries/enquiry-forms.ts";
import { parseSubmission } from "~/lib/form-submission.ts";

/*
 * The public enquiry forms' checks in the browser, with the schemas their actions use. A module
 * of its own because the pages load it only once the person reaches the form
 * (components/marketing/enquiry-form.tsx): the schema library is a fifth of a public page's
 * JavaScript, and nothing at load needs it.
 */
export const validateContact = (formData: FormData) => parseSubmission(formData, contactFormSchema);
export const validateInterest = (formData: FormData) =>
  parseSubmission(formData, interestFormSchema);
