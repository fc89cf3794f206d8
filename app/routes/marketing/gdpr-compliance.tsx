export default function Page() {
  return <h1>gdpr-compliance</h1>;
}
