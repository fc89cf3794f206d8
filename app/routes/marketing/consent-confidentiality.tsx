export default function Page() {
  return <h1>consent-confidentiality</h1>;
}
