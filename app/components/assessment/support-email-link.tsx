/** The service's address for questions about an assessment. */
export function SupportEmailLink() {
  return (
    <a className="text-primary underline underline-offset-4" href="mailto:hello@referoh.co.uk">
      hello@referoh.co.uk
    </a>
  );
}
