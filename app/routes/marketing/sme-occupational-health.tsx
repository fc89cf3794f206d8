export default function Page() {
  return <h1>sme-occupational-health</h1>;
}
