export default function Page() {
  return <h1>register-interest</h1>;
}
